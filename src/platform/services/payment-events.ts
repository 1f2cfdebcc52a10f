/**
 * Applying the payment provider's webhook events. Events arrive at least once and out of
 * order: the event id is recorded so a repeat changes nothing, and a payment keeps the
 * time of the newest event applied so an older one never overwrites a newer status.
 */
import type { PaymentEvent } from '../payments/provider';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

export async function applyPaymentEvent(db: D1Database, event: PaymentEvent, now: number): Promise<EventOutcome> {
  const seen = await db.prepare('SELECT 1 AS ok FROM payment_events WHERE id = ?').bind(event.id).first();
  if (seen) return 'duplicate';
  const record = db.prepare('INSERT INTO payment_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING').bind(event.id, event.type, now);
  const { change } = event;
  if (!change) {
    await record.run();
    return 'ignored';
  }
  const statements = [
    db
      .prepare('UPDATE payments SET status = ?, provider_event_at = ?, updated_at = ? WHERE provider_ref = ? AND COALESCE(provider_event_at, 0) <= ?')
      .bind(change.status, event.createdAt, now, change.ref, event.createdAt),
  ];
  if (change.orderStatus) {
    // Only when the payment took this event's status: an older event leaves the order alone.
    statements.push(
      db
        .prepare(
          `UPDATE orders SET status = ?1, updated_at = ?2 WHERE status != ?1 AND id =
             (SELECT order_id FROM payments WHERE provider_ref = ?3 AND provider_event_at = ?4 AND status = ?5)`,
        )
        .bind(change.orderStatus, now, change.ref, event.createdAt, change.status),
    );
  }
  await db.batch([...statements, record]);
  return 'applied';
}
