/**
 * The text search of the results calls (`q`): contacts whose name (full, first or last),
 * email or phone holds the text, case-insensitively for ASCII letters, with `%`, `_` and `\`
 * taken literally: what `column LIKE '%text%'` matches, and nothing else.
 *
 * It reads the contacts_search index (FTS5, trigram tokenizer; migration 0030) rather than
 * every contact. The index finds each contact holding the text's trigrams (case folded),
 * the LIKE is kept on those few rows, so results are exactly the LIKE's. Before the page
 * is read, one probe lists the matching contacts' ids, at most SEARCH_LIST_MAX of them:
 *  - none: the page is read from an empty list, at once, whatever the table's size;
 *  - a few (up to SEARCH_LIST_MAX): the page joins the kind's rows to that list first (a
 *    CROSS JOIN, so SQLite reads each contact's rows by its contact index and sorts that
 *    handful, whatever other filter it has an index for);
 *  - more: they are many in the table, so the newest-first read with the LIKE on each row
 *    fills a page after a few rows; the search is the LIKE alone, as before the index.
 * Text of fewer than three characters has no trigram: it is the LIKE alone too.
 */
import type { Clause } from './kinds';

/** Most contact ids a search lists before the page is read (the page's list joins them). */
export const SEARCH_LIST_MAX = 1000;

/** The searched columns of a contact. */
const COLUMNS = ['full_name', 'first_name', 'last_name', 'email', 'phone'] as const;

/** A search as the page reads it: its WHERE clause and, for a listed search, the list of contact ids joined first. */
export interface Search {
  clause: Clause;
  /** `json_each(?) found`, the ids of the matching contacts, put first in FROM with CROSS JOIN. */
  lead: Clause | null;
}

/**
 * A LIKE over name, email and phone of `alias`, with `%`, `_` and `\` taken literally.
 * SQLite's LIKE ignores case for ASCII letters itself (as its lower() would, no further), and
 * a bare column is cheaper to read than lower() of it.
 */
export function likeOf(alias: string, text: string): Clause {
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return { sql: `(${COLUMNS.map((col) => `${alias}.${col} LIKE ? ESCAPE '\\'`).join(' OR ')})`, params: COLUMNS.map(() => pattern) };
}

/** The text as one FTS5 phrase: quoted, so that every character is taken as it is. */
const phraseOf = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The ids of the contacts that `text` matches, at most `max + 1` of them (one more than
 * `max` says there are more), read through the index: the FTS5 table drives (CROSS JOIN),
 * each contact found is read by its rowid and kept when the LIKE holds.
 */
export async function matchingContactIds(db: D1Database, text: string, max: number): Promise<string[]> {
  const like = likeOf('t', text);
  const rows = await db
    .prepare(`SELECT t.id FROM contacts_search CROSS JOIN contacts t ON t.rowid = contacts_search.rowid WHERE contacts_search MATCH ? AND ${like.sql} LIMIT ?`)
    .bind(phraseOf(text), ...like.params, max + 1)
    .raw<[string]>();
  return rows.map(([id]) => id);
}

/**
 * The search of `text` for a kind whose contact is `person` (`t` for contacts, `c`, the joined
 * contact, for the others), as the module's comment says.
 */
export async function searchOf(db: D1Database, person: 't' | 'c', text: string): Promise<Search> {
  // The trigram tokenizer matches nothing for fewer than three characters (code points).
  if ([...text].length < 3) return { clause: likeOf(person, text), lead: null };
  const ids = await matchingContactIds(db, text, SEARCH_LIST_MAX);
  if (ids.length > SEARCH_LIST_MAX) return { clause: likeOf(person, text), lead: null };
  return {
    clause: { sql: person === 't' ? 't.id = found.value' : 't.contact_id = found.value', params: [] },
    lead: { sql: 'json_each(?) found', params: [JSON.stringify(ids)] },
  };
}
