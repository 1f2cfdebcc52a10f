/*
 * URL templates: a seller's redirect or link URL with `{{field}}` placeholders (issue 32).
 * A value may fill the path, the query or the fragment, percent-encoded so it stays inside
 * its part; it never fills the scheme or the host, where a placeholder is dropped and the
 * seller's host kept as written (`https://seller.example{{x}}` stays on seller.example).
 * A template without a scheme names a host first, as a seller's link does
 * (`seller.example/{{x}}`, see normaliseLink in src/lib/links.ts).
 */
import { fillPlaceholders } from './template';

// Browsers drop tabs and line breaks anywhere in a URL, so they must not hide where the host ends.
const IGNORED = /[\t\n\r]/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// For http(s) browsers read any run of slashes or backslashes as `//`, and a backslash as `/`.
const WEB_AUTHORITY = /^[/\\]*[^/\\?#]*/;
const OTHER_AUTHORITY = /^(?:\/\/[^/?#]*)?/;
const SITE_RELATIVE = /^[/\\?#.]/;

/** The scheme and host part of `url`: the text no merge value may fill. */
function origin(url: string): string {
  const scheme = SCHEME.exec(url)?.[0] ?? '';
  const rest = url.slice(scheme.length);
  if (scheme === '' && SITE_RELATIVE.test(rest)) {
    // A site path: only a leading `//` (or `\\`) names a host.
    return /^[/\\]{2}/.test(rest) ? (WEB_AUTHORITY.exec(rest)?.[0] ?? '') : '';
  }
  const web = scheme === '' || /^https?:$/i.test(scheme);
  return scheme + ((web ? WEB_AUTHORITY : OTHER_AUTHORITY).exec(rest)?.[0] ?? '');
}

/** `template` with its placeholders filled from `mergeValue`, percent-encoded, never in the scheme or host. */
export function fillUrlTemplate(template: string, mergeValue: (name: string) => string): string {
  const url = template.trim().replace(IGNORED, '');
  const head = origin(url);
  const tail = url.slice(head.length);
  return fillPlaceholders(head, () => '') + fillPlaceholders(tail, (name) => encodeURIComponent(mergeValue(name)));
}
