import { getCountries } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryOptions } from '../../src/lib/countries';
import { currencyTable } from '../../src/lib/currency';

describe('the country and currency tables follow maintained data', () => {
  it('lists exactly the regions of the phone metadata (libphonenumber-js), named by Intl', () => {
    // The list is written out so the browser does not load phone metadata for a select;
    // this keeps it equal to the metadata it comes from.
    expect([...COUNTRY_CODES].sort()).toEqual([...getCountries()].sort());
    expect(countryOptions('de').find((c) => c.code === 'CH')?.name).toBe('Schweiz');
  });

  it('knows every currency Intl knows', () => {
    for (const code of Intl.supportedValuesOf('currency')) expect(currencyTable().has(code), code).toBe(true);
  });
});
