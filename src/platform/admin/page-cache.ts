/**
 * Purging the page cache (the PAGE_CACHE KV namespace; scheme in src/serving/page-cache.ts):
 *   page:{host}{path}   the page data served at that host and step path (host lower-case,
 *                       no port; path with a leading slash and no trailing slash, `/` for root)
 *   route:{host}{path}  the small entry an edge hit reads (deleted with its page: key)
 *   page-id:{pageId}    the index of the `page:` keys the renderer stored a page under
 * A purge deletes the keys the index lists and, in case the index was lost or never
 * written, every key the database says the page is served at.
 */
import { deleteCacheKeys, pageIdCacheKey, purgePageCache as purgeIndexed, pageCacheKey as rawPageCacheKey } from '../../serving/page-cache';
import { normalizePagePath } from '../../serving/page-request';
import type { Bindings } from '../env';

/** The cache key of the page served at `host` + `path`, normalised as the renderer does. */
export function pageCacheKey(host: string, path: string): string {
  return rawPageCacheKey(host.trim().toLowerCase(), normalizePagePath(path));
}

/** Every key a page may be cached under: its id, and each host + path its funnel step is served at. */
export async function pageCacheKeys(db: D1Database, pageId: string): Promise<string[]> {
  const rows = await db
    .prepare(
      `SELECT d.host AS host, s.path AS path FROM funnel_steps s JOIN domains d ON d.funnel_id = s.funnel_id WHERE s.page_id = ?1
       UNION SELECT f.domain AS host, s.path AS path FROM funnel_steps s JOIN funnels f ON f.id = s.funnel_id
         WHERE s.page_id = ?1 AND f.domain IS NOT NULL`,
    )
    .bind(pageId)
    .all<{ host: string; path: string }>();
  return [pageIdCacheKey(pageId), ...rows.results.map((r) => pageCacheKey(r.host, r.path))];
}

/** Deletes `keys` and every key the renderer's index lists for `pageIds`. */
export async function purgeCacheKeys(cache: KVNamespace, keys: readonly string[], pageIds: readonly string[]): Promise<void> {
  await Promise.all([...pageIds.map((pageId) => purgeIndexed(cache, pageId)), deleteCacheKeys(cache, keys)]);
}

/** Deletes every cached copy of a page: those the renderer indexed and those at its current host + path. */
export async function purgePageCache(env: Pick<Bindings, 'DB' | 'PAGE_CACHE'>, pageId: string): Promise<void> {
  await purgeIndexed(env.PAGE_CACHE, pageId, await pageCacheKeys(env.DB, pageId));
}
