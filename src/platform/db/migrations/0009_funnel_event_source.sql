-- Who recorded a funnel event (issue 32): 'browser' for what a page reports through
-- /funnel/event (views, which anyone can forge), 'server' for the conversions the server
-- writes with the contact, submission or paid order they count. Statistics count
-- conversions from 'server' rows alone.
ALTER TABLE funnel_events ADD COLUMN source TEXT NOT NULL DEFAULT 'browser' CHECK (source IN ('browser', 'server'));

-- Earlier rows: the server's own writes are the ones linked to a contact, and the sales and
-- upsells of a paid order of the same funnel and visitor. Anything else the browser sent.
UPDATE funnel_events SET source = 'server'
WHERE contact_id IS NOT NULL
   OR (event_type IN ('sale', 'upsell') AND EXISTS (
        SELECT 1 FROM orders o
        WHERE o.status = 'paid' AND o.funnel_id = funnel_events.funnel_id AND o.fingerprint = funnel_events.fingerprint));

CREATE INDEX funnel_events_source ON funnel_events(funnel_id, source, event_type, created_at);
