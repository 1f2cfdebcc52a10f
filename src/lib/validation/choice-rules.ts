/**
 * Rules of the fields a visitor chooses in: single and multiple choices, checkbox lists,
 * cascade dropdowns and file uploads. Options are the field's picklistOptions; a custom
 * option is allowed when the field says so.
 */
import type { FormField } from '../../schemas/form';
import type { FieldContext, FieldResult } from './fields';
import { messages } from './messages';
import { asText, asTextList, isEmpty } from './values';

function optionLabels(field: FormField): string[] {
  const list = Array.isArray(field.picklistOptions) ? field.picklistOptions : [];
  const labels = list.filter((o): o is string | number => typeof o === 'string' || typeof o === 'number').map(String);
  for (const image of field.picklistOptionsImage ?? []) if (image.label) labels.push(image.label);
  return labels;
}

function allowed(field: FormField, chosen: string): boolean {
  const labels = optionLabels(field);
  return field.allowCustomOption || labels.length === 0 || labels.includes(chosen);
}

/** One option out of the list (radio, single_options, plain select). */
export function choiceRule(field: FormField, value: unknown, ctx: FieldContext): FieldResult {
  if (isEmpty(value)) return field.required ? { error: messages.required(field, ctx.mode) } : {};
  const chosen = asText(value);
  if (chosen === undefined) return { error: messages.option };
  return allowed(field, chosen) ? { value: chosen } : { error: messages.option };
}

/** Any number of options (multiple_options). */
export function choicesRule(field: FormField, value: unknown, ctx: FieldContext): FieldResult {
  const chosen = asTextList(value ?? []);
  if (chosen === undefined) return { error: messages.option };
  if (chosen.length === 0) return field.required ? { error: messages.required(field, ctx.mode) } : {};
  return chosen.every((c) => allowed(field, c)) ? { value: chosen } : { error: messages.option };
}

/** A checkbox list: like multiple choices, with its own required message. */
export function checkboxRule(field: FormField, value: unknown, ctx: FieldContext): FieldResult {
  const result = choicesRule(field, value, ctx);
  if (result.error && isEmpty(value)) return { error: messages.chooseOne };
  return result;
}

/** Level names: keylistOptions, else the largest level map of picklistOptions. */
function cascadeLevels(field: FormField): number {
  const keys = parseList(field.keylistOptions);
  if (keys.length > 0) return keys.length;
  const maps = parseList(field.picklistOptions).filter((o) => typeof o === 'object' && o !== null);
  return Math.max(1, ...maps.map((m) => Object.keys(m as object).length));
}

function parseList(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** A cascade: one value per level, as a list or a map of level index to value. */
export function cascadeRule(field: FormField, value: unknown): FieldResult {
  if (isEmpty(value)) return field.required ? { error: messages.nameRequired(field) } : {};
  const raw = Array.isArray(value) ? value : typeof value === 'object' && value ? Object.values(value) : undefined;
  const levels = raw?.map((v) => asText(v));
  if (!levels || levels.some((l) => l === undefined)) return { error: messages.option };
  const filled = levels as string[];
  if (field.required && (filled.length < cascadeLevels(field) || filled.some((l) => l === ''))) {
    return { error: messages.nameRequired(field) };
  }
  const chosen = filled.filter((l) => l !== '');
  const paths = parseList(field.picklistOptions)
    .filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null)
    .map((o) =>
      Object.entries(o)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, value]) => String(value)),
    );
  // Levels must follow one of the offered paths, from the top.
  if (paths.length > 0 && !paths.some((path) => chosen.every((level, i) => path[i] === level))) return { error: messages.option };
  return { value: filled };
}

/** Files: extension in the list (when there is one) and at most the allowed count. */
export function fileRule(field: FormField, _value: unknown, ctx: FieldContext): FieldResult {
  const files = ctx.files(field.tag || String(field.id ?? ''));
  if (files.length === 0) return field.required ? { error: messages.nameRequired(field) } : {};
  const limit = field.multipleFilesAllowed ? (field.multiFileLimit ?? Number.POSITIVE_INFINITY) : 1;
  if (files.length > limit) return { error: messages.fileCount(limit) };
  const extensions = optionLabels(field)
    .map((o) => o.trim().toLowerCase())
    .filter((o) => o.startsWith('.'));
  if (extensions.length > 0) {
    const bad = files.some((f) => !extensions.some((ext) => f.name.toLowerCase().endsWith(ext)));
    if (bad) return { error: messages.fileFormat(field) };
  }
  return {};
}
