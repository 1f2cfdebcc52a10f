/**
 * Time zone names. Browsers and `Intl.supportedValuesOf('timeZone')` still hand out old
 * IANA names (Asia/Calcutta, Europe/Kiev) and leave out UTC; the platform stores and
 * answers the current names, so every zone a visitor sends goes through
 * `canonicalTimeZone` first. Works the same in the browser and in workerd.
 */
import { Temporal } from 'temporal-polyfill';
import { TIME_ZONE_ALIASES } from './zone-aliases';

export { isKnownTimeZone } from './known-zone';
export { listTimeZones, TIME_ZONE_ALIASES } from './zone-aliases';

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
