/**
 * Time zone names: the one place that knows a zone and its aliases. Browsers, Intl and
 * Cloudflare still hand out old IANA names (Asia/Calcutta, Europe/Kiev) and leave UTC out
 * of their lists; the platform stores and answers the current names, so every zone a
 * seller or visitor gives goes through `canonicalTimeZone` first. Intl only, no Temporal:
 * the booking widget and the page renderer import this as well as the server.
 */

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

const knownZones = new Map<string, string | null>();

/** The runtime's own name of `zone` (its case, its ICU id), or null when Intl does not know it; remembered, as every render asks. */
function intlZone(zone: string): string | null {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      known = null;
    }
    if (knownZones.size >= 1000) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
}

/** Whether this runtime's Intl knows `zone` (in any case, under any of its names). */
export function isKnownTimeZone(zone: string): boolean {
  return intlZone(zone) !== null;
}

/** The current name of a zone ("asia/calcutta" → "Asia/Kolkata"), or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 64) return null;
  const alias = TIME_ZONE_ALIASES[trimmed];
  if (alias) return alias;
  const id = intlZone(trimmed);
  return id === null ? null : (TIME_ZONE_ALIASES[id] ?? id);
}

/** The zone to compute in: the canonical name of `zone`, UTC when it is missing or unknown (a page never fails on it). */
export function zoneOrUtc(zone: unknown): string {
  return (typeof zone === 'string' && canonicalTimeZone(zone)) || 'UTC';
}

/** Every zone a visitor can pick: the runtime's list under current names, plus UTC, sorted. */
export function listTimeZones(): string[] {
  const names = new Set<string>(['UTC']);
  for (const zone of Intl.supportedValuesOf('timeZone')) names.add(TIME_ZONE_ALIASES[zone] ?? zone);
  return [...names].sort();
}

/** The visitor's guessed zone under its current name, UTC when the runtime does not say. */
export function guessTimeZone(): string {
  return zoneOrUtc(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/**
 * The zone the edge places a request in (Cloudflare's `cf.timezone`, from the visitor's
 * address) under its current name, or null when it does not say or names a zone this
 * runtime does not know. The server's counterpart of guessTimeZone: for most visitors the
 * two agree, and a page rendered for it shows their zone before any script runs.
 */
export function requestTimeZone(request: Request): string | null {
  const zone = (request.cf as { timezone?: unknown } | undefined)?.timezone;
  return typeof zone === 'string' ? canonicalTimeZone(zone) : null;
}
