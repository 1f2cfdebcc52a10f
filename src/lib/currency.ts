/**
 * The one currency table, shared by the order form, the payment button and the server
 * (requirements PAGE-DATA, PAGE-LIMITS). It is built from maintained data rather than typed by hand: the codes,
 * symbols and names from Intl (the runtime's CLDR), and the minor units from Stripe's own
 * lists, because the API amounts follow Stripe and not ISO 4217 (Stripe charges HUF, TWD
 * and ISK in hundredths; UGX is one of its zero-decimal currencies). Amounts shown to
 * visitors are amount / 10^digits (amount/100 for most currencies), CHF rounded to 0.05.
 * Pure; the locale is passed in.
 */

/** Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal). */
const STRIPE_ZERO_DECIMAL = ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
/** Stripe's three-decimal currencies. */
const STRIPE_THREE_DECIMAL = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'];
/** Cash rounding increments in minor units (requirements PAGE-LIMITS: CHF rounds to 0.05). */
const ROUNDING_MINOR: Readonly<Record<string, number>> = { CHF: 5 };

export type MinorDigits = 0 | 2 | 3;

export interface Currency {
  code: string;
  /** Narrow symbol in English (`$`, `€`, `CHF`); the code when CLDR has none. */
  symbol: string;
  name: string;
  digits: MinorDigits;
  /** Smallest amount shown, in minor units (1 for most; 5 for CHF). */
  rounding: number;
}

const normalize = (code: string) => code.trim().toUpperCase();

function digitsOf(code: string): MinorDigits {
  if (STRIPE_ZERO_DECIMAL.includes(code)) return 0;
  return STRIPE_THREE_DECIMAL.includes(code) ? 3 : 2;
}

function symbolOf(code: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

let table: ReadonlyMap<string, Currency> | null = null;

/** Every currency the runtime knows, by upper-case code (built once, on first use). */
export function currencyTable(): ReadonlyMap<string, Currency> {
  if (table) return table;
  const codes = new Set([...Intl.supportedValuesOf('currency'), ...STRIPE_ZERO_DECIMAL, ...STRIPE_THREE_DECIMAL]);
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  table = new Map(
    [...codes].map((code) => [
      code,
      { code, symbol: symbolOf(code, 'en'), name: names.of(code) ?? code, digits: digitsOf(code), rounding: ROUNDING_MINOR[code] ?? 1 },
    ]),
  );
  return table;
}

/** The currency of a code, looked up case-insensitively; undefined when unknown. */
export function currencyInfo(code: string): Currency | undefined {
  return currencyTable().get(normalize(code));
}

/** Whether `code` is a currency this runtime knows. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(normalize(code)) && currencyTable().has(normalize(code));
}

/** Decimal digits of amounts in minor units (0 to 3). */
export function minorUnits(code: string): MinorDigits {
  return currencyInfo(code)?.digits ?? digitsOf(normalize(code));
}

/** The currency's symbol in `locale` (`usd` → `$`, `eur` → `€`); the code when it has none. */
export function currencySymbol(code: string, locale = 'en'): string {
  const upper = normalize(code);
  return locale === 'en' ? (currencyInfo(upper)?.symbol ?? upper) : symbolOf(upper, locale);
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

/** Minor units rounded to what the currency shows (CHF to 5 Rappen). */
export function roundMinor(amountMinor: number, code: string): number {
  const increment = ROUNDING_MINOR[normalize(code)];
  return increment ? Math.round(amountMinor / increment) * increment : amountMinor;
}

/** A decimal amount from minor units (`1999`, `usd` → 19.99; `500`, `jpy` → 500). */
export function fromMinorUnits(amount: number, code: string): number {
  return amount / 10 ** minorUnits(code);
}

/** Minor units of a decimal amount (`49.5`, `usd` → 4950; `5000`, `jpy` → 5000), rounded to a whole unit. */
export function toMinorUnits(amount: number, code: string): number {
  return Math.round(amount * 10 ** minorUnits(code));
}

/** The amount as a plain decimal string (`4900`, `usd` → `49.00`; CHF to 0.05). */
export function formatAmount(amountMinor: number, code: string): string {
  return fromMinorUnits(roundMinor(amountMinor, code), code).toFixed(minorUnits(code));
}

/**
 * The formatters of `formatMoney`, one per locale and currency, kept for the isolate's life:
 * building an Intl.NumberFormat costs far more than formatting with one (the statistics format
 * hundreds of amounts per answer). null when the runtime refuses the locale or currency.
 */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(locale: string, upper: string, digits: MinorDigits): Intl.NumberFormat | null {
  const key = `${locale}\n${upper}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: upper,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      format = null;
    }
    if (moneyFormats.size >= 1000) moneyFormats.clear(); // stored rows may name odd codes: the cache stays small
    moneyFormats.set(key, format);
  }
  return format;
}

/** An amount in minor units formatted for display (`1999`, `USD`, `en` → `$19.99`; CHF to 0.05). */
export function formatMoney(amountMinor: number, code: string, locale = 'en'): string {
  const upper = normalize(code);
  const digits = minorUnits(upper);
  const value = fromMinorUnits(roundMinor(amountMinor, upper), upper);
  return moneyFormat(locale, upper, digits)?.format(value) ?? `${value.toFixed(digits)} ${upper}`;
}
