-- When a contact's personal data was erased on request (DELETE /admin/v1/contacts/{id}):
-- the row stays, with its ids, amounts and counts, so lists and exports show it as erased.
ALTER TABLE contacts ADD COLUMN erased_at INTEGER;
