-- Funnel API: what opt-ins, tracking and one-click upsells need beyond 0001.

-- An invalid fingerprint cookie is replaced; the old value is kept with the event.
ALTER TABLE funnel_events ADD COLUMN old_fingerprint TEXT;
ALTER TABLE funnel_events ADD COLUMN contact_id TEXT;
-- Tracking data sent along with the event (UTM values, referrer), as JSON.
ALTER TABLE funnel_events ADD COLUMN data TEXT NOT NULL DEFAULT '{}';

-- The card provider's customer and saved card of a paid order: a payment button (one-click
-- upsell) charges them again for the same visitor.
ALTER TABLE orders ADD COLUMN provider_customer TEXT;
ALTER TABLE orders ADD COLUMN payment_method TEXT;
-- Token of the membership area the buyer may open after the sale (seed 000 §7 mmLogs).
ALTER TABLE orders ADD COLUMN membership_token TEXT;
ALTER TABLE orders ADD COLUMN session_id TEXT;
CREATE INDEX orders_visitor ON orders(location_id, fingerprint, status, created_at);

CREATE INDEX contacts_visitor ON contacts(location_id, fingerprint, updated_at);

-- What each payment of an order was (seed 000 §3 order types) and which products it paid for.
ALTER TABLE payments ADD COLUMN order_type TEXT;
ALTER TABLE payments ADD COLUMN product_ids TEXT NOT NULL DEFAULT '[]';
-- Time (ms) of the newest provider event applied to a payment: webhooks arrive out of
-- order, and an older event never overwrites a newer status.
ALTER TABLE payments ADD COLUMN provider_event_at INTEGER;
