/**
 * Sticky contact (requirements WIDGET-STATES, WIDGET-ACCESS): when the form asks for it, the contact a visitor
 * submitted is remembered per location in local storage and prefills the fields they
 * already gave on their next visit.
 */
/** The local-storage key of a location's remembered contact. */
export const stickyContactKey = (locationId: string) => `ef_contact_${locationId}`;
const keyOf = stickyContactKey;

export function rememberContact(locationId: string, contact: Readonly<Record<string, unknown>>): void {
  try {
    localStorage.setItem(keyOf(locationId), JSON.stringify(contact));
  } catch {
    // Storage can be full or blocked (private mode); the form still works without it.
  }
}

/** The remembered contact of a location: its id and the fields the visitor gave. */
export function rememberedContact(locationId: string): Record<string, unknown> {
  try {
    const raw = localStorage.getItem(keyOf(locationId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
