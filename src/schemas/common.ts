/** Building blocks shared by every document schema. */
import * as v from 'valibot';
import { isHttpUrl } from '../lib/http-url';
import { ID_PATTERN } from '../lib/ids';
import { hasControlChars, hasLoneSurrogate } from '../lib/text';
import { canonicalTimeZone } from '../lib/time/zones';

/** An id that is safe in URLs, keys and SQL parameters. */
export const id = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be 1-64 letters, digits, _ or -'));

/** A non-empty string trimmed of surrounding white space, at most `max` characters. */
export const text = (max = 500) => v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(max));

/** ISO 4217 code, stored upper-case. */
export const currencyCode = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code'), v.toUpperCase());

/** ISO 3166-1 alpha-2 country code, stored upper-case. */
export const countryCode = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code'), v.toUpperCase());

/** An IANA zone under any of its names (Asia/Calcutta), stored under its current one (Asia/Kolkata). */
export const timeZone = v.pipe(
  v.string(),
  v.check((zone) => canonicalTimeZone(zone) !== null, 'must be an IANA time zone'),
  v.transform((zone) => canonicalTimeZone(zone) as string),
);

/** An absolute http(s) URL. */
export const httpUrl = v.pipe(v.string(), v.trim(), v.url('must be a URL'), v.check(isHttpUrl, 'must be an http(s) URL'));

/** A host name as a browser sends it, lower-cased, without port. */
export const hostName = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, 'must be a host name'),
);

/** A single-line value (a name, an email, a phone): no control character, no half of an emoji. */
export const singleLine = v.check<string, string>((s) => !hasControlChars(s) && !hasLoneSurrogate(s), 'must not contain control characters');

/** Free text (a note, a reason): tabs and line breaks allowed, other control characters and half emojis not. */
export const freeTextOnly = v.check<string, string>((s) => !hasControlChars(s, true) && !hasLoneSurrogate(s), 'must not contain control characters');

/** Bounds of a free-form JSON field (tracking data, a browser's error report). */
export const FREE_JSON_BYTES = 8192;
export const FREE_JSON_DEPTH = 20;

/**
 * Whether `value` nests at most `max` arrays or objects deep. Walks without recursion and
 * stops at the first node too deep, since a hostile payload may nest thousands of levels.
 */
export function withinDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return false;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return true;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/** Any JSON value within `maxBytes` (as UTF-8 JSON) and `maxDepth` levels of nesting. */
export const boundedJson = (maxBytes = FREE_JSON_BYTES, maxDepth = FREE_JSON_DEPTH) =>
  v.pipe(
    v.unknown(),
    v.check((x) => withinDepth(x, maxDepth), `must nest at most ${maxDepth} levels`),
    v.check((x) => x === undefined || utf8Bytes(JSON.stringify(x) ?? '') <= maxBytes, `must be at most ${Math.round(maxBytes / 1024)} KB of JSON`),
  );
