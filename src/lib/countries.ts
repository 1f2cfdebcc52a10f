/**
 * The countries a visitor can choose (the regions phone numbers exist for), as ISO 3166
 * codes, and their names in a language through Intl.DisplayNames. A plain list, so the
 * country select does not ship phone metadata to read it.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
  'OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** Requirements WIDGET-LIMITS: the default country. */
export const DEFAULT_COUNTRY = 'US';

const known = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return known.has(code.toUpperCase());
}

/** `{code, name}` of every country in `lang`, sorted by name. */
export function countryOptions(lang: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
}
