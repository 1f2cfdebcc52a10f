-- The results API's text search (`q`, issue 27) over contacts' name, email and phone, read
-- through an index instead of a LIKE over every contact: an FTS5 table with the trigram
-- tokenizer, so any run of three or more characters (part of an email, of a phone number)
-- finds its contacts as the substring LIKE did (src/platform/results/search.ts keeps the LIKE
-- on the few rows found, so results stay exactly what they were).
-- External content: the text stays in contacts, the index holds only the trigrams, keyed by
-- the contact's rowid. The triggers below keep it in step with every insert, update (the
-- erasure's blanking included) and delete; `INSERT INTO contacts_search(contacts_search)
-- VALUES ('rebuild')` builds it anew from contacts, as it is filled here for existing rows.
CREATE VIRTUAL TABLE contacts_search USING fts5(
  full_name, first_name, last_name, email, phone,
  content = 'contacts', content_rowid = 'rowid', tokenize = 'trigram'
);
-- A deleted or changed entry is taken out of the index's pages, not only marked deleted: the
-- erasure of a contact's personal data (src/platform/services/privacy.ts) leaves no trigram of
-- it behind.
INSERT INTO contacts_search(contacts_search, rank) VALUES ('secure-delete', 1);
INSERT INTO contacts_search(contacts_search) VALUES ('rebuild');

CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_search(rowid, full_name, first_name, last_name, email, phone)
  VALUES (new.rowid, new.full_name, new.first_name, new.last_name, new.email, new.phone);
END;

CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
  INSERT INTO contacts_search(contacts_search, rowid, full_name, first_name, last_name, email, phone)
  VALUES ('delete', old.rowid, old.full_name, old.first_name, old.last_name, old.email, old.phone);
END;

-- Only when a searched column changes: most writes of a contact (its touches, updated_at) leave
-- the index alone.
CREATE TRIGGER contacts_search_update AFTER UPDATE OF full_name, first_name, last_name, email, phone ON contacts
WHEN old.full_name IS NOT new.full_name OR old.first_name IS NOT new.first_name OR old.last_name IS NOT new.last_name
  OR old.email IS NOT new.email OR old.phone IS NOT new.phone
BEGIN
  INSERT INTO contacts_search(contacts_search, rowid, full_name, first_name, last_name, email, phone)
  VALUES ('delete', old.rowid, old.full_name, old.first_name, old.last_name, old.email, old.phone);
  INSERT INTO contacts_search(rowid, full_name, first_name, last_name, email, phone)
  VALUES (new.rowid, new.full_name, new.first_name, new.last_name, new.email, new.phone);
END;
