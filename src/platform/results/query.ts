/**
 * The query of the results calls: filters, page size and cursor, checked with valibot. An
 * unknown parameter is refused (a misspelt filter would otherwise list everything).
 */
import * as v from 'valibot';

export const RESULT_KINDS = ['contacts', 'submissions', 'appointments', 'orders'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

export const isResultKind = (name: string): name is ResultKind => (RESULT_KINDS as readonly string[]).includes(name);

/** Largest page the list calls answer. */
export const MAX_LIMIT = 500;

const idFilter = (name: string) => v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(`${name} must not be empty`), v.maxLength(120, `${name} is too long`)));

/** An instant as ISO 8601 or epoch milliseconds. */
const instant = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((text) => (/^\d{1,15}$/.test(text) ? Number(text) : /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN)),
      v.check((ms: number) => Number.isFinite(ms), `${name} must be an ISO 8601 date or epoch milliseconds`),
    ),
  );

export const filterEntries = {
  location_id: idFilter('location_id'),
  funnel_id: idFilter('funnel_id'),
  step_id: idFilter('step_id'),
  form_id: idFilter('form_id'),
  survey_id: idFilter('survey_id'),
  calendar_id: idFilter('calendar_id'),
  status: idFilter('status'),
  from: instant('from'),
  to: instant('to'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'q must be at most 200 characters'))),
};

export type FilterName = Exclude<keyof typeof filterEntries, 'from' | 'to' | 'q'>;

const limit = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'limit must be a whole number'),
    v.transform(Number),
    v.minValue(1, 'limit must be at least 1'),
    v.maxValue(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`),
  ),
  '100',
);

export const UNKNOWN_PARAMETER = 'is not a parameter of this call';

export const listQuery = v.strictObject({ ...filterEntries, limit, cursor: v.optional(v.string()) }, UNKNOWN_PARAMETER);
export type ListQuery = v.InferOutput<typeof listQuery>;

export const exportQuery = v.strictObject(
  {
    ...filterEntries,
    // Missing reads as '' so that it gets the picklist's message, not the unknown-key one.
    format: v.pipe(v.optional(v.string(), ''), v.picklist(['csv', 'ndjson'], 'format must be csv or ndjson')),
    bom: v.optional(v.picklist(['0', '1'], 'bom must be 0 or 1'), '0'),
  },
  UNKNOWN_PARAMETER,
);
export type ExportQuery = v.InferOutput<typeof exportQuery>;

export type Filters = Omit<ListQuery, 'limit' | 'cursor'>;
