import { describe, expect, it } from 'vitest';
import { currencyName, currencySymbol, formatMoney, fromMinorUnits, isCurrency, minorUnits } from '../../src/lib/currency';

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
});
