/**
 * The headers of every answer under /admin (the dashboard's pages and the admin API): no
 * referrer at all, no framing, never cached, and a Content-Security-Policy that lets a page
 * run only the build's own script files and the inline scripts and styles the server wrote,
 * each allowed by its SHA-256 (Astro inlines a page's CSS and, around islands, small
 * scripts). Nothing the dashboard shows is in the server's HTML: its data is read by the
 * browser from the admin API and rendered by React, which escapes it, so every inline
 * script of that HTML is the build's own and hashing what is there is hashing the build.
 */
import type { MiddlewareHandler } from 'hono';
import { isAdminPath } from '../platform/admin/session';

const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi;

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/** The hashes of an HTML document's inline scripts and styles, as CSP sources. */
export async function inlineHashes(html: string): Promise<{ scripts: string[]; styles: string[] }> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag = '', attributes = '', body = ''] of html.matchAll(INLINE)) {
    if (tag.toLowerCase() === 'script' && /\bsrc\s*=/i.test(attributes)) continue;
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    (tag.toLowerCase() === 'script' ? scripts : styles).add(`'sha256-${await sha256Base64(body)}'`);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** The policy of an HTML page with these inline hashes. */
export function pagePolicy(hashes: { scripts: string[]; styles: string[] }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.scripts.join(' ')}`.trim(),
    `style-src 'self' ${hashes.styles.join(' ')}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of any other answer (JSON, CSV, a redirect). */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sets the dashboard's headers on answers under /admin; other paths pass untouched. */
export function dashboardHeaders(): MiddlewareHandler {
  return async function adminAnswerHeaders(c, next) {
    await next();
    if (!isAdminPath(new URL(c.req.url).pathname)) return;
    let policy = NON_PAGE_POLICY;
    if ((c.res.headers.get('content-type') ?? '').startsWith('text/html')) {
      const html = await c.res.text();
      policy = pagePolicy(await inlineHashes(html));
      c.res = new Response(html, c.res);
    } else {
      // A copy: an answer fetched from the assets has read-only headers.
      c.res = new Response(c.res.body, c.res);
    }
    // Set after the copies: Hono's setter of c.res carries the previous answer's headers over.
    c.res.headers.set('content-security-policy', policy);
    c.res.headers.set('referrer-policy', 'no-referrer');
    c.res.headers.set('x-frame-options', 'DENY');
    c.res.headers.set('cache-control', 'no-store');
  };
}
