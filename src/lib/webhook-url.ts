/**
 * Which URLs a webhook may be sent to (issue 27). A webhook makes the worker send requests
 * where the seller says, so a URL that points inside a network (a private, loopback,
 * link-local or cloud metadata address) is refused, however it is spelled: the WHATWG URL
 * parser turns decimal, octal and hex IPv4 spellings into dotted quads, and IPv4-mapped IPv6
 * addresses are refused whole. Only https is accepted; plain http only to localhost, and only
 * when the deployment allows it (development).
 * Names that resolve to private addresses are not caught here: the worker cannot resolve
 * names before it fetches.
 */

/** What may be allowed beside the public internet. */
export interface WebhookUrlOptions {
  /** http://localhost, 127.0.0.1 and [::1] (WEBHOOKS_ALLOW_LOCALHOST, development only). */
  allowLocalhost: boolean;
}

const LOCALHOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const METADATA_HOSTS = new Set(['169.254.169.254', 'metadata.google.internal', 'metadata', '[fd00:ec2::254]']);

/** IPv4 ranges refused, each with the name the message gives. */
const IPV4_RANGES: { base: [number, number, number, number]; bits: number; name: string }[] = [
  { base: [0, 0, 0, 0], bits: 8, name: 'an unspecified (0.0.0.0/8)' },
  { base: [10, 0, 0, 0], bits: 8, name: 'a private (10.0.0.0/8)' },
  { base: [172, 16, 0, 0], bits: 12, name: 'a private (172.16.0.0/12)' },
  { base: [192, 168, 0, 0], bits: 16, name: 'a private (192.168.0.0/16)' },
  { base: [127, 0, 0, 0], bits: 8, name: 'a loopback (127.0.0.0/8)' },
  { base: [169, 254, 0, 0], bits: 16, name: 'a link-local (169.254.0.0/16)' },
  { base: [100, 64, 0, 0], bits: 10, name: 'a carrier-grade NAT (100.64.0.0/10)' },
];

function ipv4Range(host: string): string | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const value = match.slice(1).reduce((sum, part) => sum * 256 + Number(part), 0);
  for (const range of IPV4_RANGES) {
    const base = range.base.reduce((sum, part) => sum * 256 + part, 0);
    const size = 2 ** (32 - range.bits);
    if (Math.floor(value / size) === Math.floor(base / size)) return range.name;
  }
  return null;
}

/** The refused kind of an IPv6 literal (without brackets), or null. */
function ipv6Range(address: string): string | null {
  const lower = address.toLowerCase();
  if (lower === '::') return 'an unspecified (::)';
  if (lower === '::1') return 'a loopback (::1)';
  // ::ffff:a.b.c.d and the older ::a.b.c.d (the parser writes both in hex): an IPv4 address in IPv6 clothes.
  if (lower.includes('.') || lower.startsWith('::')) return 'an IPv4-mapped IPv6';
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  if ((first & 0xffc0) === 0xfe80) return 'a link-local (fe80::/10)';
  if ((first & 0xfe00) === 0xfc00) return 'a unique-local (fc00::/7)';
  return null;
}

/** Why `raw` may not receive webhooks (a message naming the rule), or null when it may. */
export function webhookUrlProblem(raw: string, options: WebhookUrlOptions): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url: must be a URL';
  }
  // `metadata.` and `localhost.` name the same hosts as without the final dot.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.username || url.password) return 'url: must not carry a user name or password';
  if (url.protocol === 'http:' && LOCALHOSTS.has(host)) {
    return options.allowLocalhost ? null : 'url: localhost is allowed in development only';
  }
  if (url.protocol !== 'https:') return 'url: must be an https URL';
  if (METADATA_HOSTS.has(host)) return 'url: a cloud metadata address is not allowed';
  if (LOCALHOSTS.has(host) || host.endsWith('.localhost')) return 'url: a loopback address is not allowed';
  const v4 = ipv4Range(host);
  if (v4) return `url: ${v4} address is not allowed`;
  if (host.startsWith('[')) {
    const v6 = ipv6Range(host.slice(1, -1));
    if (v6) return `url: ${v6} address is not allowed`;
  }
  return null;
}
