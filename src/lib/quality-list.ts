/**
 * HTTP quality lists (RFC 9110 §12.4.2): Accept-Language, Accept-Encoding. One parser, so
 * every header of this shape reads q values, order and refusals (q=0) the same way.
 */

/** The tokens of a quality-list header, best first (by q value, then order); q=0 and malformed q left out. */
export function acceptedTokens(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [token = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { token: token.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.token !== '' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.token);
}

/** Whether an Accept-Encoding header takes gzip (named with q > 0; a bare `*` is not relied on). */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptedTokens(acceptEncoding).some((token) => token.toLowerCase() === 'gzip');
}
