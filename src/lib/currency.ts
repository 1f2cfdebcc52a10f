/**
 * Currencies shared by the order form, the payment button and the server (seed 000 §3, §9):
 * minor units per currency (Stripe's table, which differs from ISO for some codes: amounts
 * in the API for HUF, TWD, ISK and UGX carry two decimals), symbols and names looked up
 * case-insensitively through Intl, and formatting of an amount in minor units, with CHF
 * rounded to 0.05. Pure; the locale is passed in.
 */

/** Currencies Stripe charges without decimals. */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Currencies Stripe charges with three decimals. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
/** Cash rounding increments in minor units. */
const ROUNDING_MINOR: Readonly<Record<string, number>> = { CHF: 5 };

const normalize = (code: string) => code.trim().toUpperCase();

/** Whether `code` is a currency this runtime knows. */
export function isCurrency(code: string): boolean {
  const upper = normalize(code);
  if (!/^[A-Z]{3}$/.test(upper)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(upper);
  } catch {
    return true;
  }
}

/** Decimal digits of amounts in minor units (0 to 3). */
export function minorUnits(code: string): 0 | 2 | 3 {
  const upper = normalize(code);
  if (ZERO_DECIMAL.has(upper)) return 0;
  return THREE_DECIMAL.has(upper) ? 3 : 2;
}

/** The currency's symbol in `locale` (`usd` → `$`, `eur` → `€`); the code when it has none. */
export function currencySymbol(code: string, locale = 'en'): string {
  const upper = normalize(code);
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: upper, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? upper;
  } catch {
    return upper;
  }
}

/** The currency's name in `locale` (`eur` → `Euro`). */
export function currencyName(code: string, locale = 'en'): string {
  const upper = normalize(code);
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** A decimal amount from minor units (`1999`, `usd` → 19.99; `500`, `jpy` → 500). */
export function fromMinorUnits(amount: number, code: string): number {
  return amount / 10 ** minorUnits(code);
}

/** An amount in minor units formatted for display (`1999`, `USD`, `en` → `$19.99`; CHF to 0.05). */
export function formatMoney(amountMinor: number, code: string, locale = 'en'): string {
  const upper = normalize(code);
  const digits = minorUnits(upper);
  const increment = ROUNDING_MINOR[upper];
  const rounded = increment ? Math.round(amountMinor / increment) * increment : amountMinor;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: upper,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(fromMinorUnits(rounded, upper));
  } catch {
    return `${fromMinorUnits(rounded, upper).toFixed(digits)} ${upper}`;
  }
}
