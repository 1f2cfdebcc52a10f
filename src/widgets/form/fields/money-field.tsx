/**
 * The money field (requirements FIELD-RULES): the currency's symbol beside it, the amount
 * grouped as the visitor types ("1234" reads "1,234"), and reformatted to two decimals with
 * the locale's separators when the field takes or leaves the focus ("1,234.50"; "1.234,50"
 * in German). The caret keeps its place from the end while the grouping changes.
 */
import { useLayoutEffect, useRef } from 'react';
import type { FieldProps } from '../types';
import { controlProps, textOf } from './control';

function currencySymbol(lang: string, currency: string): string {
  try {
    const parts = new Intl.NumberFormat(lang, { style: 'currency', currency: currency || 'USD' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? '$';
  } catch {
    return '$';
  }
}

/** The locale's decimal separator ("." in English, "," in German). */
const decimalOf = (lang: string) => new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/** "1234.5" → "1,234.50" in the visitor's locale (two decimals, the locale's separators). */
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

/**
 * What the visitor is typing, grouped as they type: the whole part grouped, the locale's
 * decimal separator kept once typed, at most two decimals ("1234.5" → "1,234.5").
 */
export function typedAmount(text: string, lang: string): string {
  const decimal = decimalOf(lang);
  const cleaned = [...text].filter((c) => /\d/.test(c) || c === decimal).join('');
  const at = cleaned.indexOf(decimal);
  const whole = (at < 0 ? cleaned : cleaned.slice(0, at)).replace(/^0+(?=\d)/, '');
  const fraction =
    at < 0
      ? null
      : cleaned
          .slice(at + 1)
          .replaceAll(decimal, '')
          .slice(0, 2);
  if (!whole && fraction === null) return '';
  const grouped = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(BigInt(whole || '0'));
  return fraction === null ? grouped : `${grouped}${decimal}${fraction}`;
}

export function MoneyField(p: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  /** Characters after the caret when the visitor typed: the caret goes back there once the text is regrouped. */
  const fromEnd = useRef<number | null>(null);
  const text = textOf(p.value);
  const currency = typeof p.field.currency === 'string' ? p.field.currency : 'USD';
  useLayoutEffect(() => {
    const el = input.current;
    if (!el || fromEnd.current === null || document.activeElement !== el) return;
    const at = Math.max(0, el.value.length - fromEnd.current);
    el.setSelectionRange(at, at);
    fromEnd.current = null;
  });
  return (
    <div className="ef-money">
      <span className="ef-money__symbol" aria-hidden="true">
        {currencySymbol(p.env.lang, currency)}
      </span>
      <input
        {...controlProps(p)}
        ref={input}
        className="ef-input"
        type="text"
        inputMode="decimal"
        placeholder={p.placeholder}
        value={text}
        onFocus={() => p.onChange(formatAmount(text, p.env.lang))}
        onBlur={() => p.onChange(formatAmount(text, p.env.lang))}
        onChange={(e) => {
          fromEnd.current = e.target.value.length - (e.target.selectionEnd ?? e.target.value.length);
          p.onChange(typedAmount(e.target.value, p.env.lang));
        }}
      />
    </div>
  );
}
