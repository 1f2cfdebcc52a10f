/** Amounts per currency in the statistics' answers (issue 28): `{currency, amount, formatted}`, minor units, formatted by src/lib/currency. */
import { formatMoney } from '../../lib/currency';
import type { Money } from '../../schemas/stats';

/** Amounts per currency, added up. */
export class Amounts {
  readonly byCurrency = new Map<string, number>();

  add(currency: string, amount: number): void {
    this.byCurrency.set(currency, (this.byCurrency.get(currency) ?? 0) + amount);
  }

  /** Each currency's amount divided by `divisor(currency)` (rounded to a whole minor unit); a currency divided by 0 is left out. */
  per(divisor: (currency: string) => number): Money[] {
    return moneyList([...this.byCurrency].flatMap(([currency, amount]) => (divisor(currency) > 0 ? [[currency, amount / divisor(currency)] as const] : [])));
  }

  list(): Money[] {
    return moneyList([...this.byCurrency]);
  }
}

/** Money in currency order, amounts rounded to whole minor units. */
export function moneyList(entries: readonly (readonly [string, number])[]): Money[] {
  return [...entries]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => {
      const whole = Math.round(amount);
      return { currency, amount: whole, formatted: formatMoney(whole, currency) };
    });
}
