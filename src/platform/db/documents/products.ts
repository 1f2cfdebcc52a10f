/** Products sold on a funnel step; the amount the payment code charges is read from here. */
import { id } from '../../../schemas/common';
import { type ProductDocument, productDocument } from '../../../schemas/product';
import { defineKind, idsOf, json } from './kind';

export const productKind = defineKind<ProductDocument>({
  table: 'products',
  idColumn: 'id',
  label: 'Product',
  schema: productDocument,
  pathId: id,
  idOf: (doc) => doc.id,
  parents: (doc) => [
    { table: 'locations', id: doc.locationId, field: 'locationId' },
    { table: 'funnels', id: doc.funnelId, field: 'funnelId', owner: { column: 'location_id', id: doc.locationId } },
    // A step without its funnel cannot be checked for ownership, so it must name the funnel too.
    { table: 'funnel_steps', id: doc.stepId, field: 'stepId', owner: { column: 'funnel_id', id: doc.funnelId ?? '' } },
  ],
  write: (db, doc, now) => [
    db
      .prepare(
        `INSERT INTO products (id, location_id, funnel_id, step_id, name, payment_type, amount, currency, interval, bump, position, doc, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)
         ON CONFLICT (id) DO UPDATE SET location_id = excluded.location_id, funnel_id = excluded.funnel_id,
           step_id = excluded.step_id, name = excluded.name, payment_type = excluded.payment_type,
           amount = excluded.amount, currency = excluded.currency, interval = excluded.interval,
           bump = excluded.bump, position = excluded.position, doc = excluded.doc, updated_at = excluded.updated_at`,
      )
      .bind(
        doc.id,
        doc.locationId,
        doc.funnelId,
        doc.stepId,
        doc.productName,
        doc.paymentType,
        doc.amount,
        doc.currency,
        doc.paymentType === 'recurring' ? (doc.interval ?? 'month') : null,
        doc.bumpProduct ? 1 : 0,
        doc.position,
        json(doc),
        now,
      ),
  ],
  remove: async (db, productId) => [db.prepare('DELETE FROM products WHERE id = ?').bind(productId)],
  // A one-step order form shows its step's products in the page's HTML (src/widgets/order-form/server-products.ts).
  pagesAffected: (db, productId) =>
    idsOf(db, 'SELECT id FROM pages WHERE published IS NOT NULL AND funnel_id = (SELECT funnel_id FROM products WHERE id = ?)', productId),
});
