/**
 * The order form's contact fields as form-engine fields (requirements PAGE-DATA, OPTIN-RULES): name always
 * (required), company name when shown (required), email (empty or valid), phone when shown
 * (empty or valid for the location's country), and address, city, state, zip and country
 * when shipping is shown (each required). The engine's shared rules validate them, in the
 * browser and, for the contact call, on the server.
 */
import * as v from 'valibot';
import { type FormField, formField } from '../../schemas/form';
import type { CheckoutStrings, OrderFormProps } from './types';

/** The contact call's field for each field tag. */
export const CONTACT_KEYS = {
  full_name: 'name',
  company_name: 'companyName',
  email: 'email',
  phone: 'phone',
  address1: 'address1',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  country: 'country',
} as const;

export type ContactTag = keyof typeof CONTACT_KEYS;

/**
 * A consent box: a checkbox field without options (../form renders it as one box, labelled
 * with the seller's text, its placeholder), in a group named by our own `legend`.
 */
export const consentField = (tag: 'consent' | 'terms', legend: string, text: string, required: boolean): FormField =>
  v.parse(formField, { id: tag, tag, type: 'checkbox', label: legend, placeholder: text, required });

/** Whether a consent box's value is ticked. */
export const isTicked = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.some((x) => x !== '' && x !== 'false' && x !== false)
    : value === true || (typeof value === 'string' && value !== '' && value !== 'false');

export function contactFields(step1: OrderFormProps['step1'], labels: CheckoutStrings['fields']): FormField[] {
  const p = step1.placeholders as Record<string, string>;
  const field = (tag: ContactTag, type: string, label: string, placeholder: string | undefined, required: boolean) =>
    v.parse(formField, { id: tag, tag, type, label, placeholder: placeholder ?? '', required });
  return [
    field('full_name', 'text', labels.name, p.name, true),
    ...(step1.showCompanyName ? [field('company_name', 'text', labels.companyName, p.companyName, true)] : []),
    field('email', 'email', labels.email, p.email, false),
    ...(step1.showPhone ? [field('phone', 'phone', labels.phone, p.phone, false)] : []),
    ...(step1.showShipping
      ? [
          field('address1', 'text', labels.address, p.address, true),
          field('city', 'text', labels.city, p.city, true),
          field('state', 'text', labels.state, p.state, true),
          field('postal_code', 'text', labels.zip, p.zip, true),
          field('country', 'select', labels.country, p.country, true),
        ]
      : []),
    ...(step1.consentText ? [consentField('consent', labels.consent, step1.consentText, false)] : []),
  ];
}
