/**
 * Reading an element's `extra` through its type's schema without ever failing the page: a
 * setting that does not fit is dropped (so it takes its default), the rest are kept, and
 * what was dropped is logged. If nothing fits, the element renders with all defaults.
 */
import * as v from 'valibot';
import type { RenderLog } from './log';

/** A schema of an element's `extra`, whose output has defaults filled in. */
export type ExtraSchema<T> = v.GenericSchema<unknown, T>;

/**
 * Settings already parsed, by the `extra` object and schema: page data is shared between
 * renders and never mutated (src/serving/page-cache.ts), so each element's settings are read
 * once per isolate. Parsed settings are shared too and must not be mutated.
 */
const parsed = new WeakMap<object, { schema: unknown; output: unknown }>();

/** `extra` parsed by `schema`; invalid top-level settings fall back to their defaults. */
export function parseExtra<T>(schema: ExtraSchema<T>, extra: unknown, log: RenderLog, elementId: string): T {
  if (typeof extra !== 'object' || extra === null) return parseNewExtra(schema, extra, log, elementId);
  const known = parsed.get(extra);
  if (known?.schema === schema) return known.output as T;
  const output = parseNewExtra(schema, extra, log, elementId);
  parsed.set(extra, { schema, output });
  return output;
}

function parseNewExtra<T>(schema: ExtraSchema<T>, extra: unknown, log: RenderLog, elementId: string): T {
  let input: Record<string, unknown> = typeof extra === 'object' && extra !== null && !Array.isArray(extra) ? { ...extra } : {};
  for (let attempt = 0; attempt < 16; attempt++) {
    const result = v.safeParse(schema, input);
    if (result.success) return result.output;
    const bad = new Set(result.issues.map((issue) => issue.path?.[0]?.key).filter((key): key is string => typeof key === 'string'));
    log('element.bad-extra', { elementId, keys: [...bad], issues: result.issues.map((issue) => issue.message).slice(0, 5) });
    if (bad.size === 0) break;
    input = Object.fromEntries(Object.entries(input).filter(([key]) => !bad.has(key)));
  }
  return v.parse(schema, {});
}
