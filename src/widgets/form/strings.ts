/**
 * The translated strings of the form engine (`form:ui.*` and `form:validation.*`). An island
 * receives as props only those that differ from English (none on an English page: 1 KB
 * gzip of every form's HTML), and `expandFormStrings` fills in the English ones, which the
 * browser bundle has anyway (the validation messages' English is the API's wording). No
 * translation library ships to the browser.
 */
import type { TFunction } from 'i18next';
import en from '../../../locales/en/form.json';
import { ENGLISH_MESSAGES, type MessageKey } from '../../lib/validation/messages';
import type { FormStrings, FormStringsDiff, UiKey, UiStrings } from './types';

const ENGLISH_UI: UiStrings = en.ui;

/** The strings of the request's language that are not the English ones. */
export function formStrings(t: TFunction): FormStringsDiff {
  const ui: Partial<Record<UiKey, string>> = {};
  for (const key of Object.keys(ENGLISH_UI) as UiKey[]) {
    const text = t(`form:ui.${key}`);
    if (text !== ENGLISH_UI[key]) ui[key] = text;
  }
  // Templates keep their {{placeholders}}: the browser fills them per field.
  const messages: Partial<Record<MessageKey, string>> = {};
  for (const key of Object.keys(ENGLISH_MESSAGES) as MessageKey[]) {
    const text = t(`form:validation.${key}`, { interpolation: { skipOnVariables: true }, skipInterpolation: true });
    if (text !== ENGLISH_MESSAGES[key]) messages[key] = text;
  }
  return { ...(Object.keys(ui).length ? { ui } : {}), ...(Object.keys(messages).length ? { messages } : {}) };
}

/** Every string, from what the page sent and English for the rest. */
export function expandFormStrings(diff: FormStringsDiff): FormStrings {
  return { ui: { ...ENGLISH_UI, ...diff.ui }, messages: { ...ENGLISH_MESSAGES, ...diff.messages } };
}
