/**
 * Zone names the browser can handle without Temporal: the alias table of old IANA names
 * and the list a visitor picks from. The booking widget ships this, not the polyfill.
 */
import { isKnownTimeZone } from './known-zone';

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

/** Every zone a visitor can pick: the runtime's list under current names, plus UTC, sorted. */
export function listTimeZones(): string[] {
  const names = new Set<string>(['UTC']);
  for (const zone of Intl.supportedValuesOf('timeZone')) names.add(TIME_ZONE_ALIASES[zone] ?? zone);
  return [...names].sort();
}

/** The visitor's guessed zone under its current name, UTC when the runtime does not say. */
export function guessTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return TIME_ZONE_ALIASES[zone] ?? zone;
}

/**
 * The zone the edge places a request in (Cloudflare's `cf.timezone`, from the visitor's
 * address) under its current name, or null when it does not say or names a zone this
 * runtime does not know. The server's counterpart of guessTimeZone: for most visitors the
 * two agree, and a page rendered for it shows their zone before any script runs.
 */
export function requestTimeZone(request: Request): string | null {
  const zone = (request.cf as { timezone?: unknown } | undefined)?.timezone;
  if (typeof zone !== 'string' || zone === '' || zone.length > 64) return null;
  const name = TIME_ZONE_ALIASES[zone] ?? zone;
  return isKnownTimeZone(name) ? name : null;
}
