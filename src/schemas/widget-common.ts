/**
 * Tolerant building blocks of the widget documents (forms, surveys, calendars). Builders
 * store flags and sizes sometimes as strings ("true", "550"); these read both and keep
 * the seed's key names.
 */
import * as v from 'valibot';

/** A flag stored as a boolean, 0/1 or "true"/"false"; absent reads as `fallback`. */
export const flag = (fallback = false) =>
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.number(), v.string(), v.null()]),
      v.transform((x) => x === true || x === 1 || x === 'true' || x === '1'),
    ),
    fallback,
  );

/** A number stored as a number or a numeric string; anything else reads as undefined. */
export const looseNumber = v.optional(
  v.pipe(
    v.union([v.number(), v.string(), v.null()]),
    v.transform((x) => {
      if (x === null || x === '') return undefined;
      const n = typeof x === 'number' ? x : Number(x);
      return Number.isFinite(n) ? n : undefined;
    }),
  ),
);

/** A free text setting; absent reads as `fallback`. */
export const str = (fallback = '') =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number(), v.null()]),
      v.transform((x) => (x === null ? fallback : String(x))),
    ),
    fallback,
  );

/** A CSS size or colour as the builder stores it: a string or a bare number. */
export const cssValue = v.optional(v.union([v.string(), v.number()]));
