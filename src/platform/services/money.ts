/**
 * Amounts in minor units, as Stripe counts them: most currencies have two decimals, the
 * zero-decimal and three-decimal ones are listed by Stripe (ISO and browsers disagree on
 * some, e.g. HUF and TWD are charged in hundredths). Symbols come from Intl.
 */

/** Stripe's zero-decimal currencies. */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Stripe's three-decimal currencies. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** Decimal digits of one currency's minor unit. */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** The amount as a plain decimal string, e.g. 4900 USD → "49.00". */
export function formatAmount(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/** The currency's symbol, looked up case-insensitively ("usd" → "$"); the code when Intl has none. */
export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}
