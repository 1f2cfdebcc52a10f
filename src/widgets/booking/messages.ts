/**
 * The booking widget's strings: translated on the server (namespace `booking`) and handed
 * to the island as one flat object, so no translation library ships to the browser.
 */
import type { TFunction } from 'i18next';
import en from '../../../locales/en/booking.json';

type Key = Exclude<keyof typeof en, `${string}_one` | `${string}_other`>;
export type BookingMessages = Record<Key, string>;

/** Every message of the `booking` namespace in the request's language. */
export function bookingMessages(t: TFunction): BookingMessages {
  const out: Record<string, string> = {};
  for (const key of Object.keys(en)) {
    if (/_(one|other)$/.test(key)) continue;
    // Placeholders are filled in the browser; i18next must leave them as they are.
    out[key] = t(`booking:${key}`, { skipInterpolation: true });
  }
  return out as BookingMessages;
}

/** "30 minutes", or "1 hour" when the duration is whole hours (requirements WIDGET-LIMITS). */
export function durationLabel(t: TFunction, minutes: number): string {
  return minutes % 60 === 0 ? t('booking:durationHours', { count: minutes / 60 }) : t('booking:durationMinutes', { count: minutes });
}
