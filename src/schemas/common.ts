/** Building blocks shared by every document schema. */
import * as v from 'valibot';
import { ID_PATTERN } from '../lib/ids';

/** An id that is safe in URLs, keys and SQL parameters. */
export const id = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be 1-64 letters, digits, _ or -'));

/** A non-empty string trimmed of surrounding white space, at most `max` characters. */
export const text = (max = 500) => v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(max));

/** ISO 4217 code, stored upper-case. */
export const currencyCode = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code'), v.toUpperCase());

/** ISO 3166-1 alpha-2 country code, stored upper-case. */
export const countryCode = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code'), v.toUpperCase());

/** An IANA time zone name that this runtime knows. */
export const timeZone = v.pipe(
  v.string(),
  v.check((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone'),
);

/** An absolute http(s) URL. */
export const httpUrl = v.pipe(v.string(), v.trim(), v.url('must be a URL'), v.regex(/^https?:\/\//i, 'must be an http(s) URL'));

/** A host name as a browser sends it, lower-cased, without port. */
export const hostName = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, 'must be a host name'),
);
