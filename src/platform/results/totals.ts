/**
 * GET /admin/v1/orders/totals?filters: the orders of a filter summed per currency and status,
 * over every matching row (not one page): `{ totals: [{ currency, status, orders, amount,
 * amountFormatted }] }`, by currency, then status. It takes the list's filters (not `limit`
 * or `cursor`) and refuses what the list refuses, with the same messages.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { formatMoney } from '../../lib/currency';
import type { AppEnv } from '../env';
import { parseWith } from '../http';
import { checkFilterIds, filterClauses, sourceOf, type Where, whereOf } from './list';
import { filterEntries, UNKNOWN_PARAMETER } from './query';

export const totalsQuery = v.strictObject(filterEntries, UNKNOWN_PARAMETER);

export interface OrderTotal {
  currency: string;
  status: string;
  orders: number;
  amount: number;
  amountFormatted: string;
}

/** The sums of the orders a filter's WHERE (`whereOf(db, 'orders', …)`) matches, per currency and status. */
export async function orderTotals(db: D1Database, where: Where): Promise<OrderTotal[]> {
  const source = sourceOf('orders', where);
  const sql = `SELECT upper(t.currency) AS currency, t.status, COUNT(*) AS orders, SUM(t.amount) AS amount ${source.sql} GROUP BY upper(t.currency), t.status ORDER BY upper(t.currency), t.status`;
  const { results } = await db
    .prepare(sql)
    .bind(...source.params)
    .all<{ currency: string; status: string; orders: number; amount: number }>();
  return results.map((row) => ({
    currency: row.currency,
    status: row.status,
    orders: Number(row.orders),
    amount: Number(row.amount),
    amountFormatted: formatMoney(Number(row.amount), row.currency),
  }));
}

export function mountOrderTotals(admin: Hono<AppEnv>): void {
  admin.get('/v1/orders/totals', async (c) => {
    const filters = parseWith(totalsQuery, c.req.query());
    const clauses = filterClauses('orders', filters);
    await checkFilterIds(c.env.DB, filters);
    return c.json({ totals: await orderTotals(c.env.DB, await whereOf(c.env.DB, 'orders', filters, clauses)) });
  });
}
