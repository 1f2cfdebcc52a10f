/**
 * Funnel events (requirements FUNNEL-CALLS /funnel/event): page views, opt-ins and sales per funnel step,
 * counted per visitor fingerprint. An event names a step of the funnel it claims; a step
 * of another funnel, or a page the step does not show, is refused so stats stay honest.
 *
 * Each row says who recorded it (`source`, migration 0009): `browser` for the views a page
 * reports, which anyone can forge, and `server` for the conversions (opt-ins, sales,
 * upsells) written in the same batch as the contact, submission or paid order they count.
 * Funnel statistics count conversions from `server` rows alone.
 */
import { stepShowsPageSql } from './experiment-tags';
import type { BrowserEventType, FunnelEventType } from '../../schemas/funnel-calls';
import { ApiError } from '../http';

export interface FunnelEvent {
  /** Absent for a page outside any funnel. */
  funnelId?: string | null;
  stepId?: string | null;
  pageId: string;
  eventType: FunnelEventType;
  domainName?: string | null;
  pageUrl?: string | null;
  fingerprint?: string | null;
  oldFingerprint?: string | null;
  contactId?: string | null;
  data?: Record<string, unknown>;
  /** The visitor's split test and variant (./experiment-tags.ts), on events the server records. */
  experimentId?: string | null;
  variantId?: string | null;
}

/** Who recorded an event: the visitor's page, or the server where it stored what the event counts. */
export type EventSource = 'browser' | 'server';

/** Checks that the step belongs to the funnel and shows the page; throws a 404 otherwise. */
export async function assertFunnelStep(db: D1Database, funnelId: string, stepId: string, pageId: string): Promise<{ locationId: string }> {
  const row = await db
    .prepare(
      `SELECT f.location_id, ${stepShowsPageSql('s', '?3')} AS shows FROM funnel_steps s JOIN funnels f ON f.id = s.funnel_id
       WHERE s.id = ?1 AND s.funnel_id = ?2`,
    )
    .bind(stepId, funnelId, pageId)
    .first<{ location_id: string; shows: number }>();
  if (!row) throw new ApiError(404, 'Funnel step not found');
  if (!row.shows) throw new ApiError(404, 'Page not found');
  return { locationId: row.location_id };
}

/** A condition the insert must meet, checked inside the same statement (D1 has no transactions). */
export interface EventCondition {
  sql: string;
  params: unknown[];
}

/**
 * The statement that stores an event the server records, for callers that batch it with
 * their own writes. `contact` selects the contact id in SQL, for a contact written earlier
 * in the same batch.
 */
export function funnelEventStatement(db: D1Database, event: FunnelEvent, now: number, when?: EventCondition, contact?: EventCondition): D1PreparedStatement {
  return eventStatement(db, event, 'server', now, when, contact);
}

function eventStatement(
  db: D1Database,
  event: FunnelEvent,
  source: EventSource,
  now: number,
  when?: EventCondition,
  contact?: EventCondition,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO funnel_events
         (funnel_id, page_id, step_id, domain_name, page_url, fingerprint, old_fingerprint, contact_id, event_type, data, source, created_at, experiment_id, variant_id)
       SELECT ?, ?, ?, ?, ?, ?, ?, ${contact?.sql ?? '?'}, ?, ?, ?, ?, ?, ? WHERE ${when?.sql ?? '1'}`,
    )
    .bind(
      event.funnelId ?? null,
      event.pageId,
      event.stepId ?? null,
      event.domainName ?? null,
      event.pageUrl ?? null,
      event.fingerprint ?? null,
      event.oldFingerprint ?? null,
      ...(contact ? contact.params : [event.contactId ?? null]),
      event.eventType,
      JSON.stringify(event.data ?? {}),
      source,
      now,
      event.experimentId ?? null,
      event.variantId ?? null,
      ...(when?.params ?? []),
    );
}

/** An event a page reports: a view, never a conversion. */
export interface BrowserEvent extends Omit<FunnelEvent, 'eventType' | 'contactId'> {
  eventType: BrowserEventType;
}

/** Validates a page's event (its funnel, step and page, or outside a funnel the page), then stores it as the browser's. */
export async function recordBrowserEvent(db: D1Database, event: BrowserEvent, now: number): Promise<void> {
  if (event.funnelId && event.stepId) await assertFunnelStep(db, event.funnelId, event.stepId, event.pageId);
  else if (!(await db.prepare('SELECT 1 AS ok FROM pages WHERE id = ?').bind(event.pageId).first())) {
    throw new ApiError(404, 'Page not found');
  }
  await eventStatement(db, event, 'browser', now).run();
}
