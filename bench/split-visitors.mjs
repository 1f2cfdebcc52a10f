/**
 * Visitors of a split-tested step for the benches (bench/run.mjs, bench/split.mjs): a GET
 * that can name the seller's domain in Host, a browser's User-Agent (robots are shown the
 * control without being assigned, src/lib/bots.ts), and new visitors sent until each
 * variant's edge copy was rendered and a second view of it hit.
 */
import { request } from 'node:http';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

/** GET over plain node:http, so the Host header can name the seller's domain; answers the response headers of a 200. */
export function get(url, host, headers = {}) {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { ...headers, ...(host ? { host } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? done(res.headers) : fail(new Error(`${url}: ${res.statusCode}`))));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Views of a split step by new visitors until each variant's copy was rendered and a second view of it hit; answers one visitor's cookies. */
export async function splitVisitors(url, host) {
  const seen = new Map();
  for (let visitor = 0; visitor < 40 && seen.size < 2; visitor++) {
    const first = await get(url, host, { 'user-agent': BROWSER_UA });
    const cookie = (first['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const variant = cookie.match(/ef_x_[^=]+=([^;]+)/)?.[1];
    if (!variant || seen.has(variant)) continue;
    await new Promise((r) => setTimeout(r, 300));
    const again = await get(url, host, { 'user-agent': BROWSER_UA, cookie });
    if (again['x-edge-cache'] !== 'hit') console.log(`  ${host}${new URL(url).pathname} variant ${variant}: the second view was NOT an edge hit`);
    seen.set(variant, cookie);
  }
  if (seen.size < 2) console.log(`  ${host}${new URL(url).pathname}: ${seen.size} variant(s) seen; is the demo's split test running?`);
  return [...seen.values()][0] ?? '';
}
