/**
 * Server side of the booking pages: reads the widget data through the platform API (in
 * process, or the upstream at API_ORIGIN) and shapes the island's props. Failures come back
 * as the status and message the error screen shows (requirements WIDGET-ROUTES, WIDGET-ERRORS).
 */
import type { TFunction } from 'i18next';
import * as v from 'valibot';
import { formatMoney, toMinorUnits } from '../../lib/currency';
import { contentLanguage } from '../../lib/i18n/languages';
import { firstOfMonth, monthRange } from '../../lib/time/calendar-month';
import { todayIn } from '../../lib/time/today';
import { freshCopy } from '../../lib/widget-copies';
import type { ApiFetch } from '../../platform/client';
import { bookingRoutes, type FreeSlots, freeSlotsFor } from '../../schemas/calls/booking-routes';
import { callPath } from '../../schemas/calls/define-call';
import { eventColorOf } from '../../schemas/calendar';
import { type FormBody, formBody } from '../../schemas/form';
import { widgetFavicon } from '../favicon';
import { formStrings } from '../form/strings';
import { bookingMessages, durationLabel } from './messages';
import type { BookingCalendar, BookingSettings, BookingWidgetProps, PrerenderedSlots, RescheduleEvent } from './types';
import { readableAccent } from '../../lib/contrast';

/** `inWidget`: the message shows inside the widget (its step 4), not on the error screen. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; status: number; msg: string; inWidget?: true };

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely and checked field by field.
type Loose = Record<string, any>;

async function getJson(api: ApiFetch, path: string): Promise<Loaded<Loose>> {
  const res = await api(path);
  const body = (await res.json().catch(() => ({}))) as Loose;
  return res.ok ? { ok: true, value: body } : { ok: false, status: res.status, msg: String(body.msg ?? '') };
}

const str = (x: unknown, fallback = ''): string => (typeof x === 'string' ? x : fallback);

/** A calendar of widget_data or services as the island needs it. */
export function toBookingCalendar(raw: Loose, office: { country: string; phone?: string; email?: string }, t: TFunction, lang: string): BookingCalendar {
  const form: FormBody = v.parse(formBody, raw.form ?? { fields: [] });
  const stripe = raw.stripe as Loose | null;
  const paid = stripe && Number(stripe.amount) > 0;
  const currency = stripe ? str(stripe.currency, 'USD') : 'USD';
  return {
    id: str(raw.id),
    name: str(raw.name),
    description: str(raw.description),
    locationId: str(raw.location_id ?? raw.locationId),
    slotDuration: Number(raw.slot_duration) || 30,
    durationLabel: durationLabel(t, Number(raw.slot_duration) || 30),
    eventColor: eventColorOf(raw.event_color),
    eventAddress: str(raw.event_address),
    form,
    formId: str(raw.form_id),
    paid: paid
      ? { publishableKey: str(stripe.publishable_key), amountLabel: formatMoney(toMinorUnits(Number(stripe.amount), currency), currency, lang) }
      : null,
    thankYouUrl: str(raw.thank_you_url),
    pixelId: str(raw.pixel_id),
    stickyContact: raw.sticky_contact === true,
    // form_submit_type "thanks_message": the form's own thank-you text comes first.
    thanksMessage: str(
      raw.form_submit_type === 'thanks_message' ? raw.form_submit_thanks_message || raw.thanks_message : raw.thanks_message || raw.form_submit_thanks_message,
    ),
    requestContact: raw.auto_confirm === false ? office.phone || office.email || '' : null,
    country: office.country,
    team: teamOf(raw),
  };
}

/** A team calendar's members as the widget offers them, or null for a single host. */
function teamOf(raw: Loose): BookingCalendar['team'] {
  const members = (Array.isArray(raw.team_members) ? (raw.team_members as Loose[]) : [])
    .map((m) => ({ userId: str(m.user_id), name: str(m.name) }))
    .filter((m) => m.userId && m.name);
  return members.length ? { members, choice: raw.allow_member_choice === true } : null;
}

/** The widget's query parameters (requirements WIDGET-ROUTES). */
export interface BookingQuery {
  eventId: string | null;
  /** The manage token of the event's reschedule or cancel link. */
  token: string;
  use24h: boolean | null;
  popup: boolean;
  redirect: boolean;
  notrack: boolean;
  color: string;
  /** `user_id`: the team member the link books with. */
  userId: string | null;
}

export function readBookingQuery(params: URLSearchParams): BookingQuery {
  const flag = (name: string) => params.has(name) && !['false', '0'].includes(params.get(name) ?? '');
  const color = params.get('color') ?? '';
  return {
    eventId: params.get('event_id') || params.get('eventId') || null,
    token: params.get('token') ?? '',
    use24h: params.has('use24hFormat') ? flag('use24hFormat') : null,
    popup: flag('popup'),
    redirect: params.get('redirect') !== 'false',
    notrack: params.has('notrack'),
    userId: /^[A-Za-z0-9_-]{1,64}$/.test(params.get('user_id') ?? '') ? params.get('user_id') : null,
    // Only a plain colour reaches the style attribute.
    color: /^#?[0-9a-fA-F]{3,8}$/.test(color) ? (color.startsWith('#') ? color : `#${color}`) : /^[a-z]{3,20}$/i.test(color) ? color : '',
  };
}

function settingsOf(provider: Loose | null, calendarZone: string, query: BookingQuery, inline: boolean, turnstileSiteKey: string): BookingSettings {
  return {
    use24h: query.use24h ?? Boolean(provider?.use24hFormat),
    startDay: Number.isInteger(provider?.startDayOfWeek) ? provider?.startDayOfWeek : 1,
    fixedZone: provider?.disableContactTimezone ? calendarZone : null,
    redirect: query.redirect,
    popup: query.popup,
    notrack: query.notrack,
    inline,
    // The accent is the background of white text and the text on white: corrected until both read (4.5:1).
    color: readableAccent(query.color),
    userId: query.userId,
    turnstileSiteKey,
  };
}

/**
 * The event being rescheduled or cancelled, or the 404 'No calendar event found'. Without its
 * manage token the API answers only what a stranger may see (no times), and the page a 403
 * saying the link does not allow changes.
 */
export async function loadEvent(
  api: ApiFetch,
  eventId: string,
  token: string,
  t: TFunction,
): Promise<Loaded<RescheduleEvent & { status: string; endTime: string }>> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(eventId)) return { ok: false, status: 404, msg: t('booking:noEvent') };
  const res = await getJson(api, callPath(bookingRoutes.getAppointment, { id: eventId }, token ? { token } : {}));
  if (!res.ok) return res.status === 404 || res.status === 400 ? { ok: false, status: 404, msg: t('booking:noEvent') } : res;
  const e = res.value;
  if (typeof e.start_time !== 'string') return { ok: false, status: 403, msg: t('booking:manageLinkInvalid') };
  return {
    ok: true,
    value: {
      id: str(e.id),
      token,
      calendarId: str(e.calendar_id),
      startTime: str(e.start_time),
      endTime: str(e.end_time),
      selectedTimezone: str(e.selected_timezone),
      status: str(e.status),
    },
  };
}

/** The island's props without the booking page's own parts (its code block, its icon), which the page renders. */
export function islandProps({ codeBlock: _codeBlock, favicon: _favicon, ...props }: BookingWidgetProps): BookingWidgetProps {
  return props;
}

/** Props of the booking widget for calendar ids (the first is shown first). */
export async function loadBookingWidget(
  api: ApiFetch,
  input: {
    ids: string[];
    query: BookingQuery;
    t: TFunction;
    lang: string;
    origin: string;
    inline?: boolean;
    turnstileSiteKey?: string;
    /** A calendar element's fresh copy of its one calendar's widget_data entry (calendarFromCopy): no call for it. */
    copied?: Loose | null;
    /** On the booking pages: the translator of the seller's language (the provider's, else the location's), once it is known. */
    translate?: (sellerLanguage: string | undefined) => { t: TFunction; lang: string };
  },
): Promise<Loaded<BookingWidgetProps>> {
  const { query } = input;
  let { t, lang } = input;
  let contentLang: string | undefined;
  if (input.ids.length === 0) return { ok: false, status: 404, msg: 'Calendar Id not found' };
  const data = input.copied
    ? { ok: true as const, value: { [input.ids[0] as string]: input.copied } }
    : await getJson(api, callPath(bookingRoutes.widgetData, undefined, { calendar: input.ids.join(',') }));
  if (!data.ok) return data;
  const entries = input.ids.map((id) => data.value[id] as Loose | undefined).filter((e): e is Loose => !!e?.calendar);
  // Widget data with no calendars: step 4 with the "cannot find calendar" message (requirements WIDGET-ERRORS).
  if (entries.length === 0) return { ok: false, status: 404, msg: t('booking:cannotFindCalendar'), inWidget: true };
  if (input.translate) {
    const seller = entries[0] as Loose;
    const sellerLanguage = str(seller.calendarProvider?.language) || str(seller.language) || undefined;
    ({ t, lang } = input.translate(sellerLanguage));
    contentLang = contentLanguage(sellerLanguage);
  }
  let event: RescheduleEvent | null = null;
  if (query.eventId) {
    const loaded = await loadEvent(api, query.eventId, query.token, t);
    if (!loaded.ok) return loaded;
    if (loaded.value.status === 'cancelled' || !entries.some((e) => e.calendar.id === loaded.value.calendarId))
      return { ok: false, status: 404, msg: t('booking:noEvent') };
    event = loaded.value;
  }
  const first = entries[0] as Loose;
  return {
    ok: true,
    value: {
      lang,
      ...(contentLang ? { contentLang } : {}),
      messages: bookingMessages(t),
      formStrings: formStrings(t),
      calendars: entries.map((e) => toBookingCalendar(e.calendar, { country: str(e.country, 'US'), phone: str(e.phone), email: str(e.email) }, t, lang)),
      settings: settingsOf(first.calendarProvider ?? null, str(first.timezone, 'UTC'), query, input.inline ?? false, input.turnstileSiteKey ?? ''),
      event,
      origin: input.origin,
      codeBlock: str(first.calendar.code_block),
      favicon: widgetFavicon(first.favicon),
    },
  };
}

/**
 * The widget_data entry a calendar element carries a copy of (`extra.calendarData`,
 * requirements PAGE-DATA-8), when the copy is fresh (src/lib/widget-copies.ts), of this
 * calendar, and its form reads as one. Else null: the entry is fetched.
 */
export function calendarFromCopy(calendarId: string, copy: unknown, page: { widgetVersions?: unknown }): Loose | null {
  const fresh = calendarId ? freshCopy('calendars', calendarId, copy, page) : null;
  const calendar = fresh?.calendar as Loose | undefined;
  return calendar && calendar.id === calendarId && v.is(formBody, calendar.form ?? { fields: [] }) ? fresh : null;
}

/** The calendars a funnel page's calendar element offers: its calendar, or its provider's services. */
export async function calendarElementIds(api: ApiFetch, ref: { calendarId: string; providerId: string; isProvider: boolean }): Promise<string[]> {
  if (!ref.isProvider) return ref.calendarId ? [ref.calendarId] : [];
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(ref.providerId)) return [];
  const res = await getJson(api, callPath(bookingRoutes.services, undefined, { calendar_provider_id: ref.providerId }));
  return res.ok ? (res.value.services as Loose[]).map((s) => str(s.id)).filter(Boolean) : [];
}

/**
 * The free slots of the month of `now` in `zone` for the widget's first calendar (what the
 * browser would ask for first), or null when they cannot be had: the widget then fetches them
 * itself, as on its own page.
 */
export async function loadPrerenderedSlots(api: ApiFetch, calendarId: string, zone: string, now: number): Promise<PrerenderedSlots | null> {
  const month = firstOfMonth(todayIn(zone, now));
  const res = await getJson(api, callPath(bookingRoutes.freeSlots, undefined, freeSlotsFor({ calendarId, ...monthRange(month), timezone: zone }))).catch(
    () => null,
  );
  if (!res?.ok) return null;
  const slots: FreeSlots = {};
  for (const [date, day] of Object.entries(res.value)) {
    const list = (day as Loose | null)?.slots;
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && Array.isArray(list)) slots[date] = { slots: list.filter((slot): slot is string => typeof slot === 'string') };
  }
  return { calendarId, zone, now, month, slots };
}
