/**
 * The phone rule for the browser: src/lib/validation/phone.ts, loaded on demand because its
 * metadata is large. Forms without a phone field never load it.
 */
import type { FormField } from '../../schemas/form';

export type PhoneRule = (value: string, country: string) => string | undefined;

let loading: Promise<PhoneRule> | undefined;

export function needsPhoneRule(fields: readonly FormField[]): boolean {
  return fields.some((f) => f.type === 'phone' || f.tag === 'phone');
}

export function loadPhoneRule(): Promise<PhoneRule> {
  loading ??= import('../../lib/validation/phone').then((m) => m.asPhone);
  return loading;
}

/** Stands in until the rule is loaded; validation awaits the real one before it runs. */
export const phoneRuleMissing: PhoneRule = () => undefined;
