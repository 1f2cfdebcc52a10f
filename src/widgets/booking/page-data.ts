/**
 * What the booking pages load before rendering, in the page's own frontmatter (so the
 * status is set before anything streams): the translator, and the widget's props or the
 * error to show. The API client is the request's (`Astro.locals.api`).
 */
import { contentLanguage, type Translator } from '../../lib/i18n';
import { reportError } from '../../lib/report-error';
import { localeCookie, widgetTranslator } from '../locale-cookie';
import type { ApiFetch } from '../../platform/client';
import { bookingRoutes } from '../../schemas/calls/booking-routes';
import { callPath } from '../../schemas/calls/define-call';
import type { CancelWidgetProps } from './cancel-widget';
import { type Loaded, loadBookingWidget, loadEvent, readBookingQuery } from './load';
import { bookingMessages } from './messages';
import type { BookingWidgetProps } from './types';

export interface PageData<T> {
  translator: Translator;
  loaded: Loaded<T>;
}

/** Headers and status of a booking page for its outcome; failures other than 404 and 403 (a link without its token) are reported. */
export function applyOutcome(response: ResponseInit & { headers: Headers }, loaded: Loaded<unknown>, context: Record<string, unknown>, url?: URL): void {
  response.headers.set('cache-control', 'no-store');
  // A language chosen with ?lang= is remembered for the next visit (365 days).
  const cookie = url ? localeCookie(url) : null;
  if (cookie) response.headers.append('set-cookie', cookie);
  if (loaded.ok) return;
  response.status = loaded.status;
  if (loaded.status !== 404 && loaded.status !== 403) reportError(new Error(`booking page failed: ${loaded.status} ${loaded.msg}`), context);
}

/** `turnstileSiteKey`: Turnstile's site key when both of its keys are configured (src/widgets/form/props.ts), else ''. */
export async function bookingPageData(api: ApiFetch, request: Request, url: URL, ids: string[], turnstileSiteKey = ''): Promise<PageData<BookingWidgetProps>> {
  let translator = widgetTranslator(request);
  const translate = (sellerLanguage: string | undefined) => {
    translator = widgetTranslator(request, sellerLanguage);
    return translator;
  };
  const query = readBookingQuery(url.searchParams);
  const loaded = await loadBookingWidget(api, { ids, query, t: translator.t, lang: translator.lang, origin: url.origin, translate, turnstileSiteKey });
  return { translator, loaded };
}

export async function cancelPageData(api: ApiFetch, request: Request, url: URL): Promise<PageData<CancelWidgetProps>> {
  let translator = widgetTranslator(request);
  let { t } = translator;
  const query = readBookingQuery(url.searchParams);
  if (!query.eventId) return { translator, loaded: { ok: false, status: 404, msg: t('booking:appointmentIdNotFound') } };
  const event = await loadEvent(api, query.eventId, query.token, t);
  if (!event.ok) return { translator, loaded: event };
  const res = await api(callPath(bookingRoutes.widgetData, undefined, { calendar: event.value.calendarId }));
  const data = (await res.json().catch(() => ({}))) as Record<
    string,
    { calendar?: { name?: string }; calendarProvider?: { use24hFormat?: boolean; language?: string }; language?: string } | undefined
  >;
  const entry = data[event.value.calendarId];
  // Once the calendar is known the page speaks its seller's language (the provider's, else the location's), as the booking page does.
  const sellerLanguage = entry?.calendarProvider?.language || entry?.language || undefined;
  translator = widgetTranslator(request, sellerLanguage);
  ({ t } = translator);
  const e = event.value;
  return {
    translator,
    loaded: {
      ok: true,
      value: {
        messages: bookingMessages(t),
        lang: translator.lang,
        contentLang: contentLanguage(sellerLanguage),
        use24h: query.use24h ?? Boolean(entry?.calendarProvider?.use24hFormat),
        popup: query.popup,
        appointment: {
          id: e.id,
          token: e.token,
          startTime: e.startTime,
          endTime: e.endTime,
          zone: e.selectedTimezone,
          cancelled: e.status === 'cancelled',
          calendarName: entry?.calendar?.name ?? '',
        },
      },
    },
  };
}
