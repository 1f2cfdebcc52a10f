/**
 * What the order form shows of prices (requirements PAGE-LIMITS): amounts in minor units divided by the
 * currency's minor unit (amount/100 for most), with its symbol and decimals from the one
 * currency table (src/lib/currency.ts), CHF to 0.05, and the billing interval of recurring
 * products. Pure.
 */
import type { ProductView } from '../../schemas/calls/payments-routes';
import { formatMoney } from '../../lib/currency';
import type { CheckoutStrings } from './types';

type Interval = keyof CheckoutStrings['interval'];

const isInterval = (value: string | null): value is Interval => value === 'day' || value === 'week' || value === 'month' || value === 'year';

/** The seller's own price text as written ("$97 / month, cancel any time"); else `$497.00`, or `$97.00 per month` for a recurring product. */
export function priceLabel(
  product: Pick<ProductView, 'amount' | 'currency' | 'paymentType' | 'interval'> & Partial<Pick<ProductView, 'priceDisplay' | 'priceWritten'>>,
  lang: string,
  intervals: CheckoutStrings['interval'],
): string {
  if (product.priceWritten && product.priceDisplay) return product.priceDisplay;
  const price = formatMoney(product.amount, product.currency, lang);
  if (product.paymentType !== 'recurring') return price;
  return `${price} ${intervals[isInterval(product.interval) ? product.interval : 'month']}`;
}

/** The total of the chosen products (one currency per order), formatted; '' when nothing is chosen. */
export function totalLabel(chosen: Pick<ProductView, 'amount' | 'currency'>[], lang: string): string {
  const [first] = chosen;
  if (!first) return '';
  return formatMoney(
    chosen.reduce((sum, product) => sum + product.amount, 0),
    first.currency,
    lang,
  );
}
