/**
 * A small image of the site's own static files, as a `data:` URL, so that an image which is
 * a widget page's largest paint arrives with the HTML instead of one round trip after it.
 * The survey header of `survey_demo` was Lighthouse's LCP element at 1.4 to 1.6 s on a
 * simulated mobile network, a request made only once the HTML had arrived; inline, the LCP
 * is the first paint (issue 31). Anything else (another host, a large file, not an image, a
 * failed read) keeps its URL.
 */

/** Larger images are better cached on their own than sent again in every page's HTML. */
export const INLINE_IMAGE_MAX_BYTES = 4096;

/** Whether `src` names a file of this site: a root-relative path, never `//host`. */
const isOwnPath = (src: string) => src.startsWith('/') && !src.startsWith('//') && !src.includes('\\');

function dataUrl(type: string, bytes: Uint8Array): string {
  if (type === 'image/svg+xml') return `data:image/svg+xml,${encodeURIComponent(new TextDecoder().decode(bytes))}`;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${type};base64,${btoa(binary)}`;
}

/** `src` as a `data:` URL when it is one of the site's own images of at most `maxBytes`; else `src` unchanged. */
export async function inlineOwnImage(assets: Fetcher | undefined, pageUrl: string, src: string, maxBytes = INLINE_IMAGE_MAX_BYTES): Promise<string> {
  if (!assets || !isOwnPath(src)) return src;
  try {
    const res = await assets.fetch(new URL(src, pageUrl).toString());
    const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (!res.ok || !type.startsWith('image/') || declared > maxBytes) {
      await res.body?.cancel();
      return src;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.byteLength > maxBytes ? src : dataUrl(type, bytes);
  } catch {
    return src;
  }
}
