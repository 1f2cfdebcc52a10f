-- Checkout: attempts of one submission, one provider customer per contact, paid time.

-- A submission's first attempt is keyed by its derived key; a retry after a decline or a
-- provider failure is a new attempt with a new key (Stripe replays a key's first result
-- for 24 hours), while a double click finds the attempt still in progress.
ALTER TABLE orders ADD COLUMN attempt_of TEXT;
ALTER TABLE orders ADD COLUMN attempt INTEGER NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX orders_attempt ON orders(attempt_of, attempt) WHERE attempt_of IS NOT NULL;
-- When the order was paid: a one-click upsell may reuse its card for a limited time only.
ALTER TABLE orders ADD COLUMN paid_at INTEGER;

-- One customer at the payment provider per contact: every order of the contact, and every
-- saved card, belongs to it.
CREATE TABLE payment_customers (
  location_id TEXT NOT NULL,
  contact_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (location_id, contact_id, provider)
);
