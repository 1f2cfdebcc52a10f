/**
 * A form as its plain controls hold it: the answers and files a multipart post of the
 * server-rendered form carries. The no-JS post reads it on the server (plain-post.ts) and
 * an island that hydrated on interaction reads what was typed before it (typed-values.ts).
 */
import { fieldKey } from '../../lib/validation/fields';
import type { FormField } from '../../schemas/form';

/** Types whose plain-form inputs repeat (checkbox lists, multi-selects) or are numbered (`key[0]`). */
const LISTS = new Set(['checkbox', 'multiple_options']);
const NUMBERED = new Set(['textbox_list', 'cascade_dropdown']);
const FILES = new Set(['file_upload', 'signature']);

/** A plain form post as the answers and files of a submission. */
export function readPlainForm(fields: readonly FormField[], data: FormData): { answers: Record<string, unknown>; files: Map<string, File[]> } {
  const answers: Record<string, unknown> = {};
  const files = new Map<string, File[]>();
  const text = (x: FormDataEntryValue | null) => (typeof x === 'string' ? x : undefined);
  for (const field of fields) {
    const key = fieldKey(field);
    if (!key) continue;
    if (FILES.has(field.type)) {
      const list = data.getAll(key).filter((x): x is File => typeof x !== 'string' && (x.size > 0 || x.name !== ''));
      if (list.length) files.set(key, list);
    } else if (LISTS.has(field.type)) answers[key] = data.getAll(key).filter((x) => typeof x === 'string');
    else if (NUMBERED.has(field.type)) {
      const list: string[] = [];
      for (let i = 0; data.has(`${key}[${i}]`); i++) list.push(text(data.get(`${key}[${i}]`)) ?? '');
      answers[key] = list;
    } else if (data.has(key)) answers[key] = text(data.get(key));
  }
  return { answers, files };
}
