/**
 * The text search of the results calls (`q`): contacts whose name (full, first or last),
 * email or phone holds the text, case-insensitively for ASCII letters, with `%`, `_` and `\`
 * taken literally: what `column LIKE '%text%'` matches, and nothing else.
 *
 * It reads the contacts_search index (FTS5, trigram tokenizer; migration 0030) rather than
 * every contact. The index finds each contact holding the text's trigrams (case folded), a
 * superset of the LIKE's; the LIKE is kept on those rows, so results are exactly the LIKE's.
 * Before the page is read, one probe counts the index's hits, up to SEARCH_LIST_MAX + 1:
 *  - none: the page is read from an empty list, at once, whatever the table's size;
 *  - a handful (up to SEARCH_LIST_MAX): the ids of those the LIKE holds for are listed, and
 *    the page joins the kind's rows to that list first (a CROSS JOIN, the kind's table read
 *    by its contact index, whatever other filter has an index too) and sorts them;
 *  - more: they are many in the table, so the newest-first read with the LIKE on each row
 *    fills a page after a few rows; the search is the LIKE alone, as before the index.
 * Text of fewer than three characters has no trigram: it is the LIKE alone too.
 */
import type { Clause } from './kinds';

/** Most index hits a search lists before the page is read (the page joins that list); past it, the LIKE alone. */
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
 * How many contacts the index finds for `text`, counted up to `max + 1` (more than `max` says
 * there are many), and when they are no more than `max`, the ids of those the LIKE holds for,
 * as a JSON array built by SQLite and handed to the page's query as it is. The FTS5 table is
 * read first and alone (its hits counted as it finds them); each contact found is then read
 * by its rowid (CROSS JOIN keeps that order).
 */
export async function matchingContacts(db: D1Database, text: string, max: number): Promise<{ count: number; ids: string }> {
  const like = likeOf('t', text);
  const row = await db
    .prepare(
      `WITH hits AS MATERIALIZED (SELECT rowid AS hit FROM contacts_search WHERE contacts_search MATCH ? LIMIT ?)
       SELECT (SELECT count(*) FROM hits) AS count,
         (SELECT json_group_array(t.id) FROM hits CROSS JOIN contacts t ON t.rowid = hits.hit WHERE (SELECT count(*) FROM hits) <= ? AND ${like.sql}) AS ids`,
    )
    .bind(phraseOf(text), max + 1, max, ...like.params)
    .first<{ count: number; ids: string }>();
  return { count: Number(row?.count ?? 0), ids: row?.ids ?? '[]' };
}

/**
 * The search of `text` for a kind whose contact is `person` (`t` for contacts, `c`, the joined
 * contact, for the others), as the module's comment says.
 */
export async function searchOf(db: D1Database, person: 't' | 'c', text: string): Promise<Search> {
  // The trigram tokenizer matches nothing for fewer than three characters (code points).
  if ([...text].length < 3) return { clause: likeOf(person, text), lead: null };
  const found = await matchingContacts(db, text, SEARCH_LIST_MAX);
  if (found.count > SEARCH_LIST_MAX) return { clause: likeOf(person, text), lead: null };
  return {
    clause: { sql: person === 't' ? 't.id = found.value' : 't.contact_id = found.value', params: [] },
    lead: { sql: 'json_each(?) found', params: [found.ids] },
  };
}
