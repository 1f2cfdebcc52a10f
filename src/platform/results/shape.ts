/**
 * Rows as a seller reads them: a contact's name, email, phone and source; a submission's
 * answers keyed by the labels of its form or survey; an appointment's times in its
 * calendar's zone; an order's items and amounts in minor units and formatted. Every row
 * carries its first and last touch (attribution) and names its consent records by id; the
 * webhook events reuse these shapers, so what a list shows is what a receiver gets.
 */
import { parseTouch } from '../../lib/attribution';
import { formatMoney } from '../../lib/currency';
import { isoInstant } from '../../lib/time/iso-instant';
import { zoneClock } from '../../lib/time/zone-clock';
import { zoneOrUtc } from '../../lib/time/zones';
import { fieldKey } from '../../lib/validation/fields';
import type { ResultKind } from './query';

export type Row = Record<string, unknown> & { id: string; created_at: number };
export type Item = Record<string, unknown> & { id: string; createdAt: string };

/** A form's or survey's answer keys with the label each is shown under (a repeated label gets its key). */
export type Labels = { key: string; label: string }[];

/** A consent record as a result row names it: its id and each box's checked state. */
export interface ConsentRef {
  id: string;
  checks: { field: string; checked: boolean }[];
}

/** What shaping a batch needs beyond its rows, cached for the whole request. */
export interface ShapeContext {
  labelsOf(kind: string, refId: string): Promise<Labels>;
  itemsOf(orderIds: string[]): Promise<Map<string, Row[]>>;
  /** The consent records of these subjects (by subject id), or of these contacts (by contact id). */
  consentsOf(by: 'subject' | 'contact', ids: string[]): Promise<Map<string, ConsentRef[]>>;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const iso = isoInstant;

function person(row: Row) {
  const name = str(row.c_full_name) || [str(row.c_first_name), str(row.c_last_name)].filter(Boolean).join(' ');
  return { name, email: str(row.c_email), phone: str(row.c_phone) };
}

/** Labels of a form's or survey's fields in the order they are shown. */
export function labelsOfFields(fields: readonly { tag?: string; id?: string | number; label?: string }[]): Labels {
  const seen = new Set<string>();
  const labels: Labels = [];
  for (const field of fields) {
    const key = fieldKey({ tag: field.tag ?? '', id: field.id });
    if (!key || labels.some((l) => l.key === key)) continue;
    const base = (field.label ?? '').trim() || key;
    const label = seen.has(base) ? `${base} (${key})` : base;
    seen.add(label);
    labels.push({ key, label });
  }
  return labels;
}

/** The answers keyed by label, in the form's order; keys the form no longer has keep their key. */
export function answersByLabel(values: Record<string, unknown>, labels: Labels): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const { key, label } of labels) if (key in values) answers[label] = values[key];
  for (const key of Object.keys(values)) if (!labels.some((l) => l.key === key)) answers[key] = values[key];
  return answers;
}

function valuesOf(data: unknown): Record<string, unknown> {
  try {
    const parsed = JSON.parse(String(data)) as { values?: unknown };
    return parsed.values && typeof parsed.values === 'object' ? (parsed.values as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type Shaper = (rows: Row[], ctx: ShapeContext) => Promise<Item[]>;

/** Attribution (issue 27): the first and last touch as objects, null when none was recorded. */
const touches = (row: Row) => ({ firstTouch: parseTouch(row.first_touch), lastTouch: parseTouch(row.last_touch) });

/** Where a widget was filled in (issue 31): the domain and page path it reported, null when it named none. */
const widgetPlace = (row: Row) => ({ domain: row.domain ?? null, pageUrl: row.page_url ?? null });

/** The consent records of a batch's rows, by the id the rows carry. */
const consentsOf = (ctx: ShapeContext, rows: Row[], by: 'subject' | 'contact' = 'subject') =>
  ctx.consentsOf(
    by,
    rows.map((row) => row.id),
  );

export const SHAPERS: Record<ResultKind, Shaper> = {
  contacts: async (rows, ctx) => {
    const consents = await consentsOf(ctx, rows, 'contact');
    return rows.map((row) => ({
      id: row.id,
      locationId: row.location_id,
      ...person(row),
      source: str(row.source),
      ...touches(row),
      consents: consents.get(row.id) ?? [],
      createdAt: iso(row.created_at),
    }));
  },

  submissions: async (rows, ctx) => {
    const consents = await consentsOf(ctx, rows);
    // The labels of each form or survey in the batch, read once (a batch is mostly one form's rows).
    const labelsByRef = new Map<string, Labels>();
    for (const row of rows) {
      const ref = `${row.kind}:${row.ref_id}`;
      if (!labelsByRef.has(ref)) labelsByRef.set(ref, await ctx.labelsOf(String(row.kind), String(row.ref_id)));
    }
    const items: Item[] = [];
    for (const row of rows) {
      const labels = labelsByRef.get(`${row.kind}:${row.ref_id}`) ?? [];
      items.push({
        id: row.id,
        kind: row.kind,
        refId: row.ref_id,
        locationId: row.location_id,
        contactId: row.contact_id,
        contact: person(row),
        status: row.disqualified ? 'disqualified' : 'qualified',
        answers: answersByLabel(valuesOf(row.data), labels),
        funnelId: row.funnel_id ?? null,
        stepId: row.step_id ?? null,
        ...widgetPlace(row),
        ...touches(row),
        consents: consents.get(row.id) ?? [],
        createdAt: iso(row.created_at),
      });
    }
    return items;
  },

  appointments: async (rows, ctx) => {
    const consents = await consentsOf(ctx, rows);
    return rows.map((row) => {
      const zone = zoneOrUtc(row.k_timezone);
      const clock = zoneClock(zone);
      return {
        id: row.id,
        calendarId: row.calendar_id,
        calendarName: row.k_name,
        locationId: row.location_id,
        contactId: row.contact_id,
        contact: person(row),
        status: row.status,
        startTime: clock.iso(Number(row.start_time)),
        endTime: clock.iso(Number(row.end_time)),
        timezone: zone,
        selectedTimezone: row.selected_timezone,
        notes: str(row.notes),
        orderId: row.order_id,
        funnelId: row.funnel_id ?? null,
        stepId: row.step_id ?? null,
        ...widgetPlace(row),
        ...touches(row),
        consents: consents.get(row.id) ?? [],
        createdAt: iso(row.created_at),
      };
    });
  },

  orders: async (rows, ctx) => {
    const items = await ctx.itemsOf(rows.map((row) => row.id));
    const consents = await consentsOf(ctx, rows);
    return rows.map((row) => {
      const currency = String(row.currency);
      const amount = Number(row.amount);
      return {
        id: row.id,
        locationId: row.location_id,
        funnelId: row.funnel_id,
        stepId: row.step_id,
        contactId: row.contact_id,
        contact: person(row),
        source: row.source,
        status: row.status,
        currency: currency.toUpperCase(),
        amount,
        amountFormatted: formatMoney(amount, currency),
        items: (items.get(row.id) ?? []).map((item) => ({
          productId: item.product_id,
          name: item.name,
          paymentType: item.payment_type,
          bump: Boolean(item.bump),
          amount: Number(item.amount),
          amountFormatted: formatMoney(Number(item.amount), String(item.currency)),
        })),
        paidAt: row.paid_at === null ? null : iso(Number(row.paid_at)),
        ...touches(row),
        consents: consents.get(row.id) ?? [],
        createdAt: iso(row.created_at),
      };
    });
  },
};
