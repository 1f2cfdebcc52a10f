/**
 * Sticky contact (requirements WIDGET-STATES, WIDGET-ACCESS): when the form asks for it, the contact a visitor
 * submitted is remembered per location in local storage and prefills the fields they
 * already gave on their next visit. The funnel pages' `contact.*` merge fields read it too,
 * and `appointment.*` the last booking kept here (src/lib/visitor-merge.ts).
 */
import { lastAppointmentKey, type RememberedAppointment, stickyContactKey, storedRecord } from '../../lib/visitor-merge';

export { stickyContactKey };
const keyOf = stickyContactKey;

export function rememberContact(locationId: string, contact: Readonly<Record<string, unknown>>): void {
  try {
    localStorage.setItem(keyOf(locationId), JSON.stringify(contact));
  } catch {
    // Storage can be full or blocked (private mode); the form still works without it.
  }
}

/** Forgets the remembered contact of a location (`sticky_contact_help`'s "not you", ./sticky-help.tsx). */
export function forgetContact(locationId: string): void {
  try {
    localStorage.removeItem(keyOf(locationId));
  } catch {
    // Storage can be blocked; then nothing was remembered either.
  }
}

/** The remembered contact of a location: its id and the fields the visitor gave. */
export function rememberedContact(locationId: string): Record<string, unknown> {
  try {
    return storedRecord(localStorage.getItem(keyOf(locationId)));
  } catch {
    return {};
  }
}

/** Keeps the visitor's last booking with a location, for the `appointment.*` merge fields of its funnel pages. */
export function rememberAppointment(locationId: string, appointment: RememberedAppointment): void {
  try {
    localStorage.setItem(lastAppointmentKey(locationId), JSON.stringify(appointment));
  } catch {
    // Storage can be full or blocked; the pages then show the fields' fallbacks.
  }
}
