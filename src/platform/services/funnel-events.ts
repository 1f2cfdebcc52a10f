/**
 * Funnel events (requirements FUNNEL-CALLS /funnel/event): page views, opt-ins and sales per funnel step,
 * counted per visitor fingerprint. An event names a step of the funnel it claims; a step
 * of another funnel, or a page the step does not show, is refused so stats stay honest.
 */
import type { FunnelEventType } from '../../schemas/funnel-calls';
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
}

/** Checks that the step belongs to the funnel and shows the page; throws a 404 otherwise. */
export async function assertFunnelStep(db: D1Database, funnelId: string, stepId: string, pageId: string): Promise<{ locationId: string }> {
  const row = await db
    .prepare(
      `SELECT f.location_id, s.page_id FROM funnel_steps s JOIN funnels f ON f.id = s.funnel_id
       WHERE s.id = ? AND s.funnel_id = ?`,
    )
    .bind(stepId, funnelId)
    .first<{ location_id: string; page_id: string | null }>();
  if (!row) throw new ApiError(404, 'Funnel step not found');
  if (row.page_id !== pageId) throw new ApiError(404, 'Page not found');
  return { locationId: row.location_id };
}

/** A condition the insert must meet, checked inside the same statement (D1 has no transactions). */
export interface EventCondition {
  sql: string;
  params: unknown[];
}

/**
 * The statement that stores an event, for callers that batch it with their own writes.
 * `contact` selects the contact id in SQL, for a contact written earlier in the same batch.
 */
export function funnelEventStatement(db: D1Database, event: FunnelEvent, now: number, when?: EventCondition, contact?: EventCondition): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO funnel_events
         (funnel_id, page_id, step_id, domain_name, page_url, fingerprint, old_fingerprint, contact_id, event_type, data, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ${contact?.sql ?? '?'}, ?, ?, ? WHERE ${when?.sql ?? '1'}`,
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
      now,
      ...(when?.params ?? []),
    );
}

/** Validates the event's funnel, step and page (or, outside a funnel, the page), then stores it. */
export async function recordFunnelEvent(db: D1Database, event: FunnelEvent, now: number): Promise<void> {
  if (event.funnelId && event.stepId) await assertFunnelStep(db, event.funnelId, event.stepId, event.pageId);
  else if (!(await db.prepare('SELECT 1 AS ok FROM pages WHERE id = ?').bind(event.pageId).first())) {
    throw new ApiError(404, 'Page not found');
  }
  await funnelEventStatement(db, event, now).run();
}
