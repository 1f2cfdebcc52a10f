/** Whether a time zone name is one this runtime knows (no Temporal: cheap to import anywhere). */

const knownZones = new Map<string, boolean>();

/**
 * Whether this runtime's Intl knows `zone` as given (no aliasing or case folding). The
 * answer is remembered: making a formatter to find out is slow, and every render asks.
 */
export function isKnownTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size >= 1000) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
}
