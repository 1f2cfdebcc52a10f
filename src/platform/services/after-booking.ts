/**
 * Where a visitor goes after booking (requirements WIDGET-ROWS): the calendar's
 * `thank_you_url`, else, when `form_submit_type` asks for a redirect (anything but
 * "thanks_message"), its `form_submit_redirect_url`; only http(s). Null: the widget shows
 * its thank-you step with the calendar's message.
 */
import { httpUrl } from '../../lib/http-url';
import type { CalendarDocument } from '../../schemas/calendar';

export function afterBookingUrl(calendar: Pick<CalendarDocument, 'thank_you_url' | 'form_submit_type' | 'form_submit_redirect_url'>): string | null {
  const thankYou = httpUrl(calendar.thank_you_url ?? '')?.href;
  if (thankYou) return thankYou;
  if (!calendar.form_submit_type || calendar.form_submit_type === 'thanks_message') return null;
  return httpUrl(calendar.form_submit_redirect_url ?? '')?.href ?? null;
}
