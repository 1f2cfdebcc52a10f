/**
 * Typed-in fields: text, email, phone, numbers, amounts, dates, long texts and visible
 * source fields. Native controls with the right keyboard (inputMode) and autocomplete.
 */
import { type ChangeEvent, useState } from 'react';
import { dateRange } from '../../../lib/validation/fields';
import { loadPhoneRule } from '../phone-rule';
import type { FieldProps } from '../types';
import { controlProps, textOf } from './control';

const AUTOCOMPLETE: Readonly<Record<string, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  full_name: 'name',
  name: 'name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  address1: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
  website: 'url',
  date_of_birth: 'bday',
  organization: 'organization',
  company_name: 'organization',
};

function change(p: FieldProps) {
  return (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.onChange(e.target.value);
}

type InputMode = 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'url';

function InputControl({ p, type, inputMode, onFocus }: { p: FieldProps; type: string; inputMode?: InputMode; onFocus?: () => void }) {
  return (
    <input
      {...controlProps(p)}
      className="ef-input"
      type={type}
      inputMode={inputMode}
      autoComplete={AUTOCOMPLETE[p.field.tag]}
      placeholder={p.placeholder}
      value={textOf(p.value)}
      onChange={change(p)}
      onFocus={onFocus}
    />
  );
}

export const EmailField = (p: FieldProps) => <InputControl p={p} type="email" inputMode="email" />;
export const NumberField = (p: FieldProps) => <InputControl p={p} type="text" inputMode="decimal" />;

/** The phone rule's metadata is large: it starts loading when the visitor reaches the field. */
export const PhoneField = (p: FieldProps) => <InputControl p={p} type="tel" inputMode="tel" onFocus={() => void loadPhoneRule()} />;

/** Text; the website and email standard fields get their own keyboard. */
export function TextField(p: FieldProps) {
  if (p.field.tag === 'website') return <InputControl p={p} type="url" inputMode="url" />;
  if (p.field.tag === 'email') return <EmailField {...p} />;
  return <InputControl p={p} type="text" />;
}

export function TextAreaField(p: FieldProps) {
  return (
    <textarea
      {...controlProps(p)}
      className="ef-input ef-textarea"
      rows={p.field.type === 'large_text' ? 8 : 4}
      placeholder={p.placeholder}
      value={textOf(p.value)}
      onChange={change(p)}
    />
  );
}

export function DateField(p: FieldProps) {
  const range = dateRange(p.env.today);
  const max = p.field.tag === 'date_of_birth' ? p.env.today : range.max;
  return (
    <input
      {...controlProps(p)}
      className="ef-input"
      type="date"
      min={range.min}
      max={max}
      autoComplete={AUTOCOMPLETE[p.field.tag]}
      placeholder={p.placeholder || 'YYYY-MM-DD'}
      value={textOf(p.value)}
      onChange={change(p)}
    />
  );
}

function currencySymbol(lang: string, currency: string): string {
  try {
    const parts = new Intl.NumberFormat(lang, { style: 'currency', currency: currency || 'USD' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? '$';
  } catch {
    return '$';
  }
}

/** "1234.5" → "1,234.50" in the visitor's locale (requirements FIELD-RULES: two decimals, the locale's separator). */
export function formatAmount(text: string, lang: string): string {
  const bare = text.replace(/[^\d.,]/g, '');
  if (!/\d/.test(bare)) return '';
  const sep = Math.max(bare.lastIndexOf('.'), bare.lastIndexOf(','));
  const decimals = sep >= 0 ? bare.slice(sep + 1) : '';
  const hasDecimals = sep >= 0 && decimals.length > 0 && decimals.length <= 2;
  const whole = (hasDecimals ? bare.slice(0, sep) : bare).replace(/[.,]/g, '');
  const n = Number(`${whole || '0'}.${hasDecimals ? decimals : '0'}`);
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** The amount without grouping, for editing: "1,234.50" → "1234.50" ("1234,50" in German). */
function editableAmount(text: string, lang: string): string {
  if (!text) return '';
  const decimal = new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const group = decimal === '.' ? /,/g : /\./g;
  return text.replace(/[^\d.,]/g, '').replace(group, '');
}

export function MoneyField(p: FieldProps) {
  const [focused, setFocused] = useState(false);
  const text = textOf(p.value);
  const currency = typeof p.field.currency === 'string' ? p.field.currency : 'USD';
  return (
    <div className="ef-money">
      <span className="ef-money__symbol" aria-hidden="true">
        {currencySymbol(p.env.lang, currency)}
      </span>
      <input
        {...controlProps(p)}
        className="ef-input"
        type="text"
        inputMode="decimal"
        placeholder={p.placeholder}
        value={text}
        onFocus={() => {
          setFocused(true);
          p.onChange(editableAmount(text, p.env.lang));
        }}
        onBlur={() => {
          setFocused(false);
          p.onChange(formatAmount(text, p.env.lang));
        }}
        onChange={(e) => p.onChange(focused ? e.target.value.replace(/[^\d.,]/g, '') : formatAmount(e.target.value, p.env.lang))}
      />
    </div>
  );
}
