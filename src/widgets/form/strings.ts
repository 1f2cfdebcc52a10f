/**
 * The translated strings a form island receives as props (no translation library ships
 * to the browser): every `form:ui.*` and `form:validation.*` key in the request's language.
 */
import type { TFunction } from 'i18next';
import type { MessageKey, MessageTemplates } from '../../lib/validation/messages';
import { ENGLISH_MESSAGES } from '../../lib/validation/messages';
import en from '../../../locales/en/form.json';
import type { FormStrings, UiKey, UiStrings } from './types';

export function formStrings(t: TFunction): FormStrings {
  const ui = Object.fromEntries(Object.keys(en.ui).map((key) => [key, t(`form:ui.${key}`)])) as Record<UiKey, string>;
  // Templates keep their {{placeholders}}: the browser fills them per field.
  const messages = Object.fromEntries(
    (Object.keys(ENGLISH_MESSAGES) as MessageKey[]).map((key) => [key, t(`form:validation.${key}`, { interpolation: { skipOnVariables: true }, skipInterpolation: true })]),
  ) as Record<MessageKey, string>;
  return { ui: ui as UiStrings, messages: messages as MessageTemplates };
}
