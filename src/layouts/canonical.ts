/**
 * The canonical address of a published funnel page (requirements PAGE-DATA-16): the page's
 * path on its funnel's primary domain (its custom domain, else the first domain row naming
 * it), over https; the requested host when the funnel has none. On the local-development
 * host the scheme and port of the request are kept, so the link works there too. Search
 * engines and link previews read it (`<link rel="canonical">`, `og:url`).
 */
import { isLocalDevelopmentHost } from '../lib/tracking/membership';

export function canonicalUrl(requestUrl: URL, funnelDomain: string, path: string): string {
  const url = new URL(requestUrl.href);
  const local = isLocalDevelopmentHost(url.hostname);
  if (funnelDomain) url.hostname = funnelDomain;
  if (!local) {
    url.protocol = 'https:';
    url.port = '';
  }
  url.pathname = path || '/';
  url.search = '';
  url.hash = '';
  return url.href;
}
