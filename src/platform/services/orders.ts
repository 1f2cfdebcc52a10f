/**
 * Orders: one row per submission, keyed by an idempotency key derived from what was
 * submitted (never from the click), so a double click or a retry finds the same order
 * instead of creating a second one. D1 has no interactive transactions: the unique index
 * on orders.idempotency_key decides which request created the order.
 */
import type { Touches } from '../../lib/attribution';
import type { ExperimentTag } from './experiment-tags';
import { cryptoRandom, newId, type RandomBytes } from '../../lib/ids';
import type { Charge, ChargeResult } from '../payments/provider';
import { outboxBatch } from '../webhooks/outbox';
import { type FunnelEvent, funnelEventStatement } from './funnel-events';
import type { ProductRow } from './products';

export interface OrderRow {
  id: string;
  location_id: string;
  funnel_id: string | null;
  step_id: string | null;
  page_id: string | null;
  contact_id: string | null;
  fingerprint: string | null;
  status: 'pending' | 'processing' | 'paid' | 'failed';
  currency: string;
  amount: number;
  idempotency_key: string;
  provider_customer: string | null;
  payment_method: string | null;
  membership_token: string | null;
  session_id: string | null;
  error: string | null;
  attempt_of: string | null;
  attempt: number;
  paid_at: number | null;
  experiment_id: string | null;
  variant_id: string | null;
}

export interface NewOrder {
  locationId: string;
  funnelId: string;
  stepId: string;
  pageId: string | null;
  contactId: string | null;
  fingerprint: string;
  source: string;
  submissionType: number;
  sessionId: string | null;
  currency: string;
  products: ProductRow[];
  /** The visitor's first and last touch (./attribution.ts). */
  touches: Touches;
  /** The visitor's split test and variant (./experiment-tags.ts). */
  tag?: ExperimentTag | null;
}

/** The order's key: SHA-256 over everything that makes a submission this submission. */
export async function orderKey(parts: string[]): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(parts));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `ord_${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function membershipToken(random: RandomBytes): string {
  return [...random(24)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function findOrderByKey(db: D1Database, key: string): Promise<OrderRow | null> {
  return db.prepare('SELECT * FROM orders WHERE idempotency_key = ?').bind(key).first<OrderRow>();
}

export async function findOrder(db: D1Database, id: string): Promise<OrderRow | null> {
  return db.prepare('SELECT * FROM orders WHERE id = ?').bind(id).first<OrderRow>();
}

/**
 * The attempt a submission (its derived key) is at, and the key to charge it with. The
 * first attempt uses the submission's key; once an attempt failed (declined, provider
 * error), the next one gets a key of its own, because the provider replays a key's first
 * result. While an attempt is processing or paid, every request (a double click, a retry
 * of a lost answer) finds that attempt and its key.
 */
export async function currentAttempt(db: D1Database, submissionKey: string): Promise<{ attempt: number; key: string; order: OrderRow | null }> {
  const latest = await db.prepare('SELECT * FROM orders WHERE attempt_of = ? ORDER BY attempt DESC LIMIT 1').bind(submissionKey).first<OrderRow>();
  if (!latest) return { attempt: 1, key: submissionKey, order: null };
  if (latest.status !== 'failed') return { attempt: latest.attempt, key: latest.idempotency_key, order: latest };
  const attempt = latest.attempt + 1;
  const key = `${submissionKey}_${attempt}`;
  return { attempt, key, order: await findOrderByKey(db, key) };
}

/**
 * Creates the order and its items unless an order with this key exists, and answers the
 * order that holds the key either way.
 */
export async function createOrder(
  db: D1Database,
  attempt: { of: string; n: number; key: string },
  order: NewOrder,
  now: number,
  random: RandomBytes = cryptoRandom,
): Promise<OrderRow> {
  const { key } = attempt;
  const id = newId('or', random);
  const amount = order.products.reduce((total, p) => total + p.amount, 0);
  const statements = [
    db
      .prepare(
        `INSERT INTO orders (id, location_id, funnel_id, step_id, page_id, contact_id, fingerprint, source, submission_type,
           status, currency, amount, idempotency_key, attempt_of, attempt, membership_token, session_id, first_touch, last_touch, created_at, updated_at, experiment_id, variant_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        id,
        order.locationId,
        order.funnelId,
        order.stepId,
        order.pageId,
        order.contactId,
        order.fingerprint,
        order.source,
        order.submissionType,
        order.currency,
        amount,
        key,
        attempt.of,
        attempt.n,
        membershipToken(random),
        order.sessionId,
        order.touches.first,
        order.touches.last,
        now,
        now,
        order.tag?.experimentId ?? null,
        order.tag?.variantId ?? null,
      ),
    ...order.products.map((p) =>
      db
        .prepare(
          `INSERT INTO order_items (order_id, product_id, name, payment_type, amount, currency, bump)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?1)`,
        )
        .bind(id, p.id, p.name, p.payment_type, p.amount, p.currency, p.bump),
    ),
  ];
  await db.batch(statements);
  const stored = await findOrderByKey(db, key);
  if (!stored) throw new Error('order vanished after insert');
  return stored;
}

/**
 * Marks the order paid, stores its payments, the sale's funnel event and its order.paid
 * webhook event, in one batch. The
 * event is recorded only by the request that settles the order, so a concurrent retry that
 * Stripe answered with a replay does not count the sale twice.
 */
export async function markPaid(
  db: D1Database,
  order: OrderRow,
  result: ChargeResult,
  event: FunnelEvent,
  now: number,
  random: RandomBytes = cryptoRandom,
): Promise<void> {
  const unpaid = { sql: "EXISTS (SELECT 1 FROM orders WHERE id = ? AND status != 'paid')", params: [order.id] };
  await db.batch([
    // The sale counts for the variant the order was made in.
    funnelEventStatement(db, { ...event, experimentId: order.experiment_id, variantId: order.variant_id }, now, unpaid),
    ...outboxBatch(db, [{ type: 'order.paid', kind: 'order', recordId: order.id, when: unpaid }], now, random),
    db
      .prepare(
        `UPDATE orders SET status = 'paid', provider_ref = ?, provider_customer = ?, payment_method = ?, error = NULL, paid_at = ?, updated_at = ?
         WHERE id = ? AND status != 'paid'`,
      )
      .bind(result.charges[0]?.ref ?? null, result.customerId, result.paymentMethodId, now, now, order.id),
    ...result.charges.map((charge) =>
      db
        .prepare(
          `INSERT INTO payments (id, order_id, provider, provider_ref, status, amount, currency, order_type, product_ids, created_at, updated_at)
           VALUES (?, ?, 'stripe', ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider_ref) DO NOTHING`,
        )
        .bind(
          newId('pay', random),
          order.id,
          charge.ref,
          charge.status,
          charge.amount,
          charge.currency,
          charge.orderType,
          JSON.stringify(charge.productIds),
          now,
          now,
        ),
    ),
  ]);
}

export async function markFailed(db: D1Database, order: OrderRow, message: string, now: number): Promise<void> {
  await db.batch([
    ...outboxBatch(
      db,
      [
        {
          type: 'payment.failed',
          kind: 'order',
          recordId: order.id,
          detail: { failureMessage: message },
          when: { sql: "EXISTS (SELECT 1 FROM orders WHERE id = ? AND status NOT IN ('paid', 'failed'))", params: [order.id] },
        },
      ],
      now,
    ),
    db.prepare("UPDATE orders SET status = 'failed', error = ?, updated_at = ? WHERE id = ? AND status != 'paid'").bind(message, now, order.id),
  ]);
}

/** The pay call's logs: one entry per charge of the order, each naming the order. */
export async function orderLogs(db: D1Database, order: OrderRow): Promise<Record<string, unknown>[]> {
  const { results } = await db
    .prepare('SELECT provider_ref, status, amount, currency, order_type, product_ids FROM payments WHERE order_id = ? ORDER BY created_at, order_type')
    .bind(order.id)
    .all<{ provider_ref: string; status: string; amount: number; currency: string; order_type: Charge['orderType'] | null; product_ids: string }>();
  const logs = results.map((p) => ({
    id: order.id,
    orderType: p.order_type ?? 'oneTime',
    paymentId: p.provider_ref,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    productIds: JSON.parse(p.product_ids) as string[],
  }));
  if (logs.length > 0) return logs;
  return [{ id: order.id, orderType: 'oneTime', paymentId: null, status: order.status, amount: order.amount, currency: order.currency, productIds: [] }];
}
