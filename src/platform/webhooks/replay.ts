/**
 * Sending a logged event again to one endpoint, on the seller's word (`POST
 * /admin/v1/webhook-deliveries/{id}/replay`): a new attempt with the event's own id, so a
 * receiver that saw it before can tell. A dispatch that was dead or held and is delivered by
 * the replay is settled as delivered.
 */
import type { RandomBytes } from '../../lib/ids';
import { ApiError } from '../http';
import { type DeliveryResult, type DeliveryTarget, deliver } from '../services/webhook-delivery';
import { type EventRow, eventPayload } from './payload';

export async function replayDelivery(
  db: D1Database,
  target: DeliveryTarget,
  eventId: string,
  context: { now: number; random: RandomBytes },
): Promise<DeliveryResult> {
  const event = await db
    .prepare('SELECT id, type, record_kind, record_id, detail, payload, created_at FROM webhook_events WHERE id = ?')
    .bind(eventId)
    .first<EventRow>();
  if (!event) throw new ApiError(404, `Event ${eventId} is no longer kept (events are kept 30 days after delivery, 90 when dead)`);
  const payload = await eventPayload(db, event);
  const previous = await db
    .prepare('SELECT max(attempt) AS n FROM webhook_deliveries WHERE event_id = ? AND webhook_id = ?')
    .bind(eventId, target.id)
    .first<{ n: number | null }>();
  const attempt = (previous?.n ?? 0) + 1;
  const result = await deliver(db, target, payload, { ...context, attempt });
  if (result.delivered) {
    await db
      .prepare(
        `UPDATE webhook_dispatches SET status = 'delivered', attempts = ?, settled_at = ?
         WHERE event_id = ? AND webhook_id = ? AND status != 'delivered'`,
      )
      .bind(attempt, context.now, eventId, target.id)
      .run();
  }
  return result;
}
