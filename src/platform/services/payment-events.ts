/**
 * Applying the payment provider's webhook events, and through them reconciliation: when
 * the pay call charged a card but could not record it (the worker stopped, D1 failed),
 * the order stays "processing" until the provider's event finds it, by the payment's id
 * or by the order id the platform wrote into the payment's metadata, and marks it paid
 * with its payment, customer and card.
 * Events arrive at least once and out of order: the id of an applied event is recorded so
 * a repeat changes nothing, and a payment keeps the time of the newest event applied so an
 * older one never overwrites a newer status. An event that matched no order is not
 * recorded, so its redelivery can still apply it. An event that changes the order's status
 * writes its order.paid or payment.failed webhook event in the same batch.
 */
import { cryptoRandom, newId, type RandomBytes } from '../../lib/ids';
import type { PaymentChange, PaymentEvent } from '../payments/provider';
import { outboxBatch } from '../webhooks/outbox';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unmatched';

/** The order a change belongs to: by the payment already recorded, else by the metadata's order id or idempotency key. */
async function orderOf(db: D1Database, change: PaymentChange): Promise<string | null> {
  const byPayment = await db
    .prepare('SELECT order_id FROM payments WHERE provider_ref = ? AND order_id IS NOT NULL')
    .bind(change.ref)
    .first<{ order_id: string }>();
  if (byPayment) return byPayment.order_id;
  const byMetadata = await db
    .prepare('SELECT id FROM orders WHERE id = ? OR idempotency_key = ? LIMIT 1')
    .bind(change.orderId ?? '', change.orderKey ?? '')
    .first<{ id: string }>();
  return byMetadata?.id ?? null;
}

export async function applyPaymentEvent(db: D1Database, event: PaymentEvent, now: number, random: RandomBytes = cryptoRandom): Promise<EventOutcome> {
  const seen = await db.prepare('SELECT 1 AS ok FROM payment_events WHERE id = ?').bind(event.id).first();
  if (seen) return 'duplicate';
  const record = db.prepare('INSERT INTO payment_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING').bind(event.id, event.type, now);
  const { change } = event;
  if (!change) {
    await record.run();
    return 'ignored';
  }
  const orderId = await orderOf(db, change);
  if (!orderId) return 'unmatched';
  const statements: D1PreparedStatement[] = [];
  if (change.amount !== null && change.currency) {
    // The pay call did not record this payment: the event does.
    statements.push(
      db
        .prepare(
          `INSERT INTO payments (id, order_id, provider, provider_ref, status, amount, currency, order_type, product_ids, created_at, updated_at)
           VALUES (?, ?, 'stripe', ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider_ref) DO NOTHING`,
        )
        .bind(
          newId('pay', random),
          orderId,
          change.ref,
          change.status,
          change.amount,
          change.currency.toUpperCase(),
          change.orderType,
          JSON.stringify(change.productIds),
          now,
          now,
        ),
    );
  }
  statements.push(
    db
      .prepare('UPDATE payments SET status = ?, provider_event_at = ?, updated_at = ? WHERE provider_ref = ? AND COALESCE(provider_event_at, 0) <= ?')
      .bind(change.status, event.createdAt, now, change.ref, event.createdAt),
  );
  if (change.orderStatus) {
    // The webhook event first, under the order update's own condition: only the event that changes the order reports it.
    statements.push(
      ...outboxBatch(
        db,
        [
          {
            type: change.orderStatus === 'paid' ? 'order.paid' : 'payment.failed',
            kind: 'order',
            recordId: orderId,
            when: {
              sql: 'EXISTS (SELECT 1 FROM orders WHERE id = ? AND status != ?) AND EXISTS (SELECT 1 FROM payments WHERE provider_ref = ? AND provider_event_at = ? AND status = ?)',
              params: [orderId, change.orderStatus, change.ref, event.createdAt, change.status],
            },
          },
        ],
        now,
        random,
      ),
    );
    // Only when the payment took this event's status: an older event leaves the order alone.
    statements.push(
      db
        .prepare(
          `UPDATE orders SET status = ?1, updated_at = ?2,
             paid_at = CASE WHEN ?1 = 'paid' THEN COALESCE(paid_at, ?2) ELSE paid_at END,
             error = CASE WHEN ?1 = 'paid' THEN NULL ELSE error END,
             provider_ref = COALESCE(provider_ref, ?3), provider_customer = COALESCE(provider_customer, ?6),
             payment_method = COALESCE(payment_method, ?7)
           WHERE id = ?8 AND status != ?1
             AND EXISTS (SELECT 1 FROM payments WHERE provider_ref = ?3 AND provider_event_at = ?4 AND status = ?5)`,
        )
        .bind(change.orderStatus, now, change.ref, event.createdAt, change.status, change.customerId, change.paymentMethodId, orderId),
    );
  }
  await db.batch([...statements, record]);
  return 'applied';
}
