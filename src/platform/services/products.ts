/**
 * Products a funnel step sells (requirements PAGE-DATA Product), as the order form lists them and as
 * orders price them. Prices always come from this table, never from the browser.
 */
import { currencySymbol, formatAmount } from '../../lib/currency';
import type { ProductView } from '../../schemas/calls/payments-routes';

export interface ProductRow {
  id: string;
  location_id: string;
  funnel_id: string | null;
  step_id: string | null;
  name: string;
  payment_type: 'one_time' | 'recurring';
  amount: number;
  currency: string;
  interval: string | null;
  bump: number;
  position: number;
  doc: string;
}

function docOf(row: ProductRow): Record<string, unknown> {
  try {
    const doc: unknown = JSON.parse(row.doc);
    return doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export function toProductView(row: ProductRow): ProductView {
  const doc = docOf(row);
  const symbol = currencySymbol(row.currency);
  const price = formatAmount(row.amount, row.currency);
  const per = row.payment_type === 'recurring' && row.interval ? `/${row.interval}` : '';
  return {
    id: row.id,
    productName: row.name,
    priceDisplay: str(doc.priceDisplay).trim() || `${symbol}${price}${per}`,
    priceWritten: str(doc.priceDisplay).trim() !== '',
    paymentType: row.payment_type,
    orderType: row.payment_type === 'recurring' ? 'subscription' : 'oneTime',
    interval: row.interval,
    productPrice: price,
    currencyPicked: row.currency.toUpperCase(),
    currencySymbol: symbol,
    amount: row.amount,
    currency: row.currency.toLowerCase(),
    bumpProduct: row.bump === 1,
    description: str(doc.description),
    imageUrl: str(doc.imageUrl),
    position: row.position,
  };
}

const COLUMNS = 'id, location_id, funnel_id, step_id, name, payment_type, amount, currency, interval, bump, position, doc';

/** The products of a funnel step, in the seller's order. */
export async function listStepProducts(db: D1Database, funnelId: string, stepId?: string): Promise<ProductView[]> {
  const sql = stepId
    ? `SELECT ${COLUMNS} FROM products WHERE funnel_id = ? AND step_id = ? ORDER BY position, id`
    : `SELECT ${COLUMNS} FROM products WHERE funnel_id = ? ORDER BY step_id, position, id`;
  const statement = stepId ? db.prepare(sql).bind(funnelId, stepId) : db.prepare(sql).bind(funnelId);
  const { results } = await statement.all<ProductRow>();
  return results.map(toProductView);
}

/** Products by id (duplicates collapse); ids that do not exist are simply absent. */
export async function getProducts(db: D1Database, ids: string[]): Promise<ProductRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const marks = unique.map(() => '?').join(', ');
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM products WHERE id IN (${marks}) ORDER BY position, id`)
    .bind(...unique)
    .all<ProductRow>();
  return results;
}
