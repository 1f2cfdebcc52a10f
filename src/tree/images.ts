/**
 * Image sources. Files in the storage bucket (`https://storage.googleapis.com/…`) are
 * served through the CDN when CDN_BASE is set (requirements PAGE-LIMITS); other URLs are kept as given
 * when they are http(s) or root-relative, and refused otherwise.
 */
import { isHttpUrl, isSitePath } from '../lib/http-url';

const STORAGE_BUCKET = 'https://storage.googleapis.com/';

/** The URL to put in `src`/`srcset` for a seller's image, or null when it is unusable. */
export function imageUrl(raw: unknown, cdnBase?: string): string | null {
  if (typeof raw !== 'string') return null;
  const url = raw.trim();
  if (url === '') return null;
  if (cdnBase && url.startsWith(STORAGE_BUCKET)) return `${cdnBase.replace(/\/+$/, '')}/${url.slice(STORAGE_BUCKET.length)}`;
  if (isHttpUrl(url) || isSitePath(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  return null;
}
