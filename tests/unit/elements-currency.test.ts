import { describe, expect, it } from 'vitest';
import {
  currencyInfo,
  currencyName,
  currencySymbol,
  currencyTable,
  formatAmount,
  formatMoney,
  fromMinorUnits,
  isCurrency,
  minorUnits,
} from '../../src/lib/currency';

describe('currency', () => {
  it('knows minor units, including the zero- and three-decimal ones', () => {
    expect(['usd', 'JPY', 'KWD', 'HUF', 'eur'].map(minorUnits)).toEqual([2, 0, 3, 2, 2]);
    expect(fromMinorUnits(1999, 'usd')).toBe(19.99);
    expect(fromMinorUnits(500, 'jpy')).toBe(500);
  });

  it('looks symbols and names up case-insensitively', () => {
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencyName('eur')).toBe('Euro');
    expect(isCurrency('usd')).toBe(true);
    expect(isCurrency('zzz1')).toBe(false);
  });

  it('formats minor units, rounding CHF to 0.05', () => {
    expect(formatMoney(1999, 'usd', 'en-US')).toBe('$19.99');
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatMoney(1234, 'kwd', 'en-US').replace(/\s/g, ' ')).toBe('KWD 1.234');
    expect(formatMoney(1003, 'CHF', 'en-US').replace(/\s/g, ' ')).toBe('CHF 10.05');
  });

  it('builds one table from Intl and Stripe minor units (UGX zero-decimal, HUF and TWD in hundredths)', () => {
    expect(currencyTable().size).toBeGreaterThan(150);
    expect(currencyInfo('ugx')).toMatchObject({ code: 'UGX', digits: 0 });
    expect(['HUF', 'TWD', 'ISK', 'BHD'].map(minorUnits)).toEqual([2, 2, 2, 3]);
    expect(currencyInfo('chf')).toMatchObject({ rounding: 5, digits: 2 });
    expect(formatAmount(18995, 'CHF')).toBe('189.95');
    expect(formatAmount(18998, 'CHF')).toBe('190.00');
    expect(formatAmount(4800, 'jpy')).toBe('4800');
    expect(currencyInfo('nope')).toBeUndefined();
  });
});
