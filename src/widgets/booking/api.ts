/**
 * The booking calls as the widget makes them (requirements WIDGET-CALLS), on the page's own origin under
 * /api. Every failure becomes an Error carrying the server's `msg` and status.
 */
import type { BookedAppointment } from './types';

export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const { json, ...rest } = init ?? {};
  const res = await fetch(`/api${path}`, {
    ...rest,
    ...(json !== undefined ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) } : {}),
  });
  const body = (await res.json().catch(() => ({}))) as T & { msg?: string };
  if (!res.ok) throw new CallError(body.msg ?? '', res.status);
  return body;
}

export type FreeSlots = Record<string, { slots: string[] }>;

export interface FreeSlotsQuery {
  calendarId: string;
  startDate: number;
  endDate: number;
  timezone: string;
}

/** The free-slots call's path under the API, as the browser and the edge render (src/widgets/booking/load.ts) both make it. */
export function freeSlotsPath(q: FreeSlotsQuery): string {
  const query = new URLSearchParams({ calendar_id: q.calendarId, startDate: String(q.startDate), endDate: String(q.endDate), timezone: q.timezone });
  return `/appointment/free-slots?${query}`;
}

export function fetchFreeSlots(q: FreeSlotsQuery, signal: AbortSignal): Promise<FreeSlots> {
  return call<FreeSlots>(freeSlotsPath(q), { signal });
}

export interface BookingAnswer {
  id: string;
  appointment: BookedAppointment & { fingerprint: string };
  fingerprint: string;
  contactId: string;
  calendarThankYouUrl?: string;
}

export const reschedule = (body: { event_id: string; selected_slot: string; timezone: string; calendar_id: string }) =>
  call<{ appointment: BookedAppointment }>('/appointment', { json: body });

export const holdSlot = (calendarId: string, slot: string) => call<{ hold_id: string; expires_at: number }>('/appointment/hold', { json: { calendar_id: calendarId, selected_slot: slot } });

export const releaseHold = (holdId: string) => call<unknown>(`/appointment/hold/${encodeURIComponent(holdId)}/release`, { json: {} });

export const setupIntent = (locationId: string, calendarId: string) =>
  call<{ client_secret?: string }>('/appointment/setup-intent', { json: { locationId, calendar_id: calendarId } });

export const addNote = (id: string, notes: string) => call<unknown>(`/appointment/${encodeURIComponent(id)}/note`, { json: { notes } });

export const cancelAppointment = (id: string, reason: string) =>
  call<{ appointment: BookedAppointment }>(`/appointment/${encodeURIComponent(id)}/cancel`, { json: { reason } });
