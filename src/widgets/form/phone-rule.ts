/**
 * The phone rule for the browser: src/lib/validation/phone.ts, loaded on demand because its
 * metadata is large. Forms without a phone field never load it.
 */
import type { FormField } from '../../schemas/form';

export type PhoneRule = (value: string, country: string) => string | undefined;

let loading: Promise<typeof import('../../lib/validation/phone')> | undefined;

/** The phone module (the rule and how a valid number is displayed), loaded once. */
export function loadPhoneModule() {
  loading ??= import('../../lib/validation/phone');
  return loading;
}

export function needsPhoneRule(fields: readonly FormField[]): boolean {
  return fields.some((f) => f.type === 'phone' || f.tag === 'phone' || f.tag === 'email_or_phone');
}

export function loadPhoneRule(): Promise<PhoneRule> {
  return loadPhoneModule().then((m) => m.asPhone);
}

/** Stands in until the rule is loaded; validation awaits the real one before it runs. */
export const phoneRuleMissing: PhoneRule = () => undefined;
