/**
 * What a view says about its visitor, reduced before it leaves the request (issue 28): the
 * network of the address (a /24 of IPv4, a /48 of IPv6), never the address itself; the
 * browser's family, never the user agent; and whether the visitor is a robot or a page-speed
 * tool, whose views are not counted. The statistics' visitor key is a salted hash of these
 * with the host (src/platform/stats/visitor-key.ts).
 */

/** `203.0.113.7` → `203.0.113.0/24`; `2001:db8:1:2::5` → `2001:db8:1::/48`; anything else → ''. */
export function networkOf(ip: string | null | undefined): string {
  const address = (ip ?? '').trim();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) return v4.slice(1, 4).some((part) => Number(part) > 255) ? '' : `${Number(v4[1])}.${Number(v4[2])}.${Number(v4[3])}.0/24`;
  if (!address.includes(':')) return '';
  const groups = ipv6Groups(address);
  if (!groups) return '';
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address's network.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((part) => part > 255)) return null;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array.from({ length: halves.length === 1 ? 0 : missing }, () => '0'), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
}

/** Browser families, first match wins (Edge and Opera also say Chrome; Chrome also says Safari). */
const FAMILIES: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'edge'],
  [/\bOPR\/|\bOpera\b/, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\bFirefox\/|\bFxiOS\//, 'firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'chrome'],
  [/\bSafari\//, 'safari'],
];

/** The browser's family (`chrome`, `safari`, `firefox`, `edge`, `opera`, `samsung`), or `other`. */
export function browserFamily(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  for (const [pattern, family] of FAMILIES) if (pattern.test(ua)) return family;
  return 'other';
}

/**
 * Robots, link previews, monitors and page-speed tools (Lighthouse and PageSpeed Insights,
 * GTmetrix, WebPageTest, Pingdom): a view from one of them is no visitor's.
 */
const NOT_A_VISITOR =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|uptime|headless|lighthouse|pagespeed|gtmetrix|ptst|webpagetest|pingdom|curl\/|wget\/|python-|go-http-client|node-fetch|axios\//i;

/** Whether `userAgent` is a robot or a page-speed tool (an empty one too: every browser sends one). */
export function isRobot(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || NOT_A_VISITOR.test(ua);
}
