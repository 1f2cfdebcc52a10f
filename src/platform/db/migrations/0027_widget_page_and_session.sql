-- Where a widget was filled in (issue 31): the `domain` and `page_url` of the page the form,
-- survey or booking widget sat in (its query, or its funnel page's context), as the
-- submission's `funneEventData` names them; kept as columns so the results API lists them.
-- Only a host name and a path are kept (src/platform/services/widget-place.ts).
ALTER TABLE submissions ADD COLUMN domain TEXT;
ALTER TABLE submissions ADD COLUMN page_url TEXT;
ALTER TABLE appointments ADD COLUMN domain TEXT;
ALTER TABLE appointments ADD COLUMN page_url TEXT;
