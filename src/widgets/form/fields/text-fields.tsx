/**
 * Typed-in fields: text, email, phone, numbers, amounts, long texts and visible
 * source fields (money: ./money-field.tsx, dates: ./date-field.tsx). Native controls with the right keyboard (inputMode) and autocomplete.
 */
import type { ChangeEvent } from 'react';
import { loadPhoneModule } from '../phone-rule';
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
  password: 'new-password',
};

function change(p: FieldProps) {
  return (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.onChange(e.target.value);
}

type InputMode = 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'url';

interface InputControlProps {
  p: FieldProps;
  type: string;
  inputMode?: InputMode;
  onFocus?: () => void;
  onBlur?: () => void;
}

function InputControl({ p, type, inputMode, onFocus, onBlur }: InputControlProps) {
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
      onBlur={onBlur}
    />
  );
}

export const EmailField = (p: FieldProps) => <InputControl p={p} type="email" inputMode="email" />;
export const NumberField = (p: FieldProps) => <InputControl p={p} type="text" inputMode="decimal" />;

/**
 * The phone rule's metadata is large: it starts loading when the visitor reaches the field.
 * On leaving it, a valid number is shown nationally when it is in the location's country,
 * else internationally (requirements FIELD-RULES).
 */
export function PhoneField(p: FieldProps) {
  const format = () => {
    const typed = textOf(p.value);
    if (!typed) return;
    void loadPhoneModule().then((phone) => {
      const shown = phone.displayPhone(typed, p.env.country);
      if (shown && shown !== typed) p.onChange(shown);
    });
  };
  return <InputControl p={p} type="tel" inputMode="tel" onFocus={() => void loadPhoneModule()} onBlur={format} />;
}

/** Text; the website and email standard fields get their own keyboard. */
export function TextField(p: FieldProps) {
  if (p.field.tag === 'website') return <InputControl p={p} type="url" inputMode="url" />;
  if (p.field.tag === 'email') return <EmailField {...p} />;
  if (p.field.tag === 'password') return <InputControl p={p} type="password" />;
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
