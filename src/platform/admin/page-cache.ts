/**
 * Keys of the page cache (the PAGE_CACHE KV namespace) and their purge. The page renderer
 * keeps the last published copy of a page under two keys:
 *   page:{host}{path}   the page served at that host and step path (host lower-case, no
 *                       port; path with a leading slash and no trailing slash, `/` for root)
 *   page-id:{pageId}    the page by its id
 * Publishing or re-linking a page deletes every key it may be cached under.
 */
import type { Bindings } from '../env';

/** The cache key of the page served at `host` + `path`. */
export function pageCacheKey(host: string, path: string): string {
  const cleanPath = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return `page:${host.toLowerCase()}${cleanPath.startsWith('/') ? cleanPath : `/${cleanPath}`}`;
}

/** The cache key of a page by id. */
export function pageIdCacheKey(pageId: string): string {
  return `page-id:${pageId}`;
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

/** Deletes the given keys from the page cache. */
export async function deleteCacheKeys(cache: KVNamespace, keys: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(keys)].map((key) => cache.delete(key)));
}

/** Deletes every cached copy of a page, as it is linked now. */
export async function purgePageCache(env: Pick<Bindings, 'DB' | 'PAGE_CACHE'>, pageId: string): Promise<void> {
  await deleteCacheKeys(env.PAGE_CACHE, await pageCacheKeys(env.DB, pageId));
}
