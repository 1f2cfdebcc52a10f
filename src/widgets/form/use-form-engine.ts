/**
 * The state of one form: values and files by field key, the errors shown, and `validate`,
 * which runs the shared rules of src/lib/validation (the same the server runs) and moves
 * focus to the first field in error.
 */
import { useCallback, useRef, useState } from 'react';
import { type FieldError, fieldKey, validateFields } from '../../lib/validation/fields';
import type { Message, ValidationMode } from '../../lib/validation/messages';
import type { FormField } from '../../schemas/form';
import { loadPhoneRule, needsPhoneRule, type PhoneRule, phoneRuleMissing } from './phone-rule';

/** An error as shown: a message to translate, or a server text without a key. */
export type ShownError = Message | { text: string };

function shown(e: FieldError): ShownError {
  return e.key ? { key: e.key, ...(e.params ? { params: e.params } : {}) } : { text: e.msg };
}

export interface FormEngineOptions {
  fields: readonly FormField[];
  initialValues: Record<string, unknown>;
  /** Errors to show from the start (a no-JS post the server refused). */
  initialErrors?: readonly FieldError[] | undefined;
  mode?: ValidationMode;
  country: string;
  today: string;
  /** Whether a Turnstile captcha must be verified before sending. */
  turnstile: boolean;
}

export interface FormEngine {
  values: Readonly<Record<string, unknown>>;
  files: Readonly<Record<string, readonly File[]>>;
  /** The error of each field in error, by field key (`files`: the total upload size). */
  errors: Readonly<Record<string, ShownError>>;
  captchaToken: string | null;
  setValue: (key: string, value: unknown) => void;
  setFiles: (key: string, files: File[]) => void;
  setCaptchaToken: (token: string | null) => void;
  /** Validates `fields` (default: all) and shows their errors; true when none. */
  validate: (fields?: readonly FormField[]) => Promise<boolean>;
  /** Shows errors the server answered (422 `errors`). */
  showErrors: (errors: readonly FieldError[]) => void;
  reset: (values: Record<string, unknown>) => void;
}

/** The errors without one field's (a field's error goes as soon as the visitor changes it). */
function withoutKey<T>(all: Readonly<Record<string, T>>, key: string): Record<string, T> {
  if (!(key in all)) return all;
  const { [key]: _gone, ...rest } = all;
  return rest;
}

/** The field keys in error, in field order. */
function inOrder(fields: readonly FormField[], errors: Readonly<Record<string, unknown>>): string[] {
  return fields.map(fieldKey).filter((key) => key in errors);
}

/** Moves focus to the first control of the first field in error (after React has drawn it). */
export function focusFirstError(root: Element | null, keys: readonly string[], fields: readonly FormField[]): void {
  const first = fields.find((f) => keys.includes(fieldKey(f)));
  if (!root || !first) return;
  requestAnimationFrame(() => {
    const frame = root.querySelector(`[data-field="${CSS.escape(first.tag)}"]`);
    const control = frame?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, canvas, button, [tabindex]');
    (control ?? (frame as HTMLElement | null))?.focus();
    frame?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  });
}

export function useFormEngine(options: FormEngineOptions, root: { current: Element | null }): FormEngine {
  const { fields, mode = 'form', country, today, turnstile } = options;
  const [values, setValues] = useState<Record<string, unknown>>(options.initialValues);
  const [files, setFileMap] = useState<Record<string, readonly File[]>>({});
  const [errors, setErrors] = useState<Record<string, ShownError>>(() => Object.fromEntries((options.initialErrors ?? []).map((e) => [e.field, shown(e)])));
  const [captchaToken, setToken] = useState<string | null>(null);
  const phone = useRef<PhoneRule>(phoneRuleMissing);
  // The Turnstile token is sent as the captcha field's answer, which the server verifies.
  const captchaKey = useRef('');
  captchaKey.current = (() => {
    const field = fields.find((f) => f.type === 'captcha');
    return field ? fieldKey(field) : '';
  })();
  const setCaptchaToken = useCallback((token: string | null) => {
    setToken(token);
    const key = captchaKey.current;
    if (key) setValues((all) => ({ ...all, [key]: token ?? '' }));
  }, []);

  const setValue = useCallback((key: string, value: unknown) => {
    setValues((all) => ({ ...all, [key]: value }));
    setErrors((all) => withoutKey(all, key));
  }, []);
  const setFiles = useCallback((key: string, list: File[]) => {
    setFileMap((all) => ({ ...all, [key]: list }));
    setErrors((all) => withoutKey(all, key));
  }, []);

  const validate = useCallback(
    async (subset: readonly FormField[] = fields) => {
      if (needsPhoneRule(subset)) phone.current = await loadPhoneRule();
      const ctx = {
        mode,
        country,
        today,
        files: (key: string) => (files[key] ?? []).map((f) => ({ name: f.name, size: f.size })),
        captcha: turnstile ? (captchaToken ? 'verified' : 'failed') : 'unchecked',
        phone: phone.current,
      } as const;
      const result = validateFields(subset, values, ctx);
      const next: Record<string, ShownError> = {};
      for (const e of result.errors) next[e.field] = shown(e);
      setErrors(next);
      const keys = inOrder(subset, next);
      if ('files' in next) keys.push('files');
      focusFirstError(root.current, keys, subset);
      return result.errors.length === 0;
    },
    [fields, mode, country, today, files, values, turnstile, captchaToken, root],
  );

  const showErrors = useCallback(
    (list: readonly FieldError[]) => {
      const next: Record<string, ShownError> = {};
      for (const e of list) next[e.field] = shown(e);
      setErrors(next);
      focusFirstError(root.current, inOrder(fields, next), fields);
    },
    [fields, root],
  );

  const reset = useCallback((next: Record<string, unknown>) => {
    setValues(next);
    setFileMap({});
    setErrors({});
  }, []);

  return { values, files, errors, captchaToken, setValue, setFiles, setCaptchaToken, validate, showErrors, reset };
}
