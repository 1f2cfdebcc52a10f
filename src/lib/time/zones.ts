/**
 * Time zone names. Browsers and `Intl.supportedValuesOf('timeZone')` still hand out old
 * IANA names (Asia/Calcutta, Europe/Kiev) and leave out UTC; the platform stores and
 * answers the current names, so every zone a visitor sends goes through
 * `canonicalTimeZone` first. Works the same in the browser and in workerd.
 */
import { Temporal } from 'temporal-polyfill';

/** Old or linked IANA names → the current canonical name. */
export const TIME_ZONE_ALIASES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Istanbul': 'Europe/Istanbul',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Africa/Asmera': 'Africa/Asmara',
  'US/Eastern': 'America/New_York',
  'US/Central': 'America/Chicago',
  'US/Mountain': 'America/Denver',
  'US/Pacific': 'America/Los_Angeles',
  'US/Alaska': 'America/Anchorage',
  'US/Hawaii': 'Pacific/Honolulu',
  'US/Arizona': 'America/Phoenix',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  GMT: 'UTC',
  Universal: 'UTC',
  Zulu: 'UTC',
};

/**
 * The canonical name of a time zone, or null when the runtime does not know it. Case is
 * forgiven ("asia/kolkata").
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 64) return null;
  const alias = TIME_ZONE_ALIASES[trimmed];
  if (alias) return alias;
  try {
    // Temporal answers the name in its IANA case ("asia/kolkata" → "Asia/Kolkata").
    const id = Temporal.ZonedDateTime.from({ timeZone: trimmed, year: 2000, month: 1, day: 1 }).timeZoneId;
    return TIME_ZONE_ALIASES[id] ?? id;
  } catch {
    return null;
  }
}

/** Every zone a visitor can pick: the runtime's list under current names, plus UTC, sorted. */
export function listTimeZones(): string[] {
  const names = new Set<string>(['UTC']);
  for (const zone of Intl.supportedValuesOf('timeZone')) names.add(TIME_ZONE_ALIASES[zone] ?? zone);
  return [...names].sort();
}
