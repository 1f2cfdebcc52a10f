/**
 * Proof of consent of the order forms (issue 27, rules of ./consent.ts): the opt-in step's
 * consent box (`step1.consentText`, optional to tick) and the payment step's terms box
 * (`step2.termsText`, which must be ticked to pay). The browser names the element and says
 * whether the box was ticked; the text is read from that element in the published page, at
 * its published version, never from the request. A record joins the batch of the opt-in
 * (subject: the contact) or is stored with the order it was given for (subject: the order).
 */
import { ApiError } from '../http';
import { type ConsentVisitor, consentStatement } from './consent';

export const ORDER_ELEMENT_TYPES = new Set(['one-step-order', 'two-setp-order']);
export const TERMS_REQUIRED = 'Please accept the terms to continue.';

/** What the browser sends: the order form's element and the box's state. */
export interface ConsentBox {
  element_id: string;
  checked: boolean;
}

interface ElementTexts {
  consentText: string;
  termsText: string;
}

/** The order form element with this id (null: the first order form) anywhere in a page document (sections, rows, columns, popups). */
function findElement(node: unknown, id: string | null, depth = 0): Record<string, unknown> | null {
  if (depth > 40 || !node || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findElement(child, id, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = node as Record<string, unknown>;
  // An element's kind is its `meta` (as the renderer reads it), else its `type`.
  if ((id === null || record.id === id) && ORDER_ELEMENT_TYPES.has(String(record.meta || record.type))) return record;
  for (const value of Object.values(record)) {
    if (value && typeof value === 'object') {
      const found = findElement(value, id, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

const textAt = (extra: unknown, step: 'step1' | 'step2', key: string): string => {
  const settings = (extra as Record<string, Record<string, unknown>> | undefined)?.[step];
  const value = settings?.[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** The published page's version and the order form's consent and terms texts (empty when it shows none). */
export async function orderFormTexts(
  db: D1Database,
  locationId: string,
  pageId: string | null | undefined,
  elementId: string | null | undefined,
): Promise<{ pageId: string; version: number; texts: ElementTexts } | null> {
  if (!pageId) return null;
  const page = await db
    .prepare('SELECT version, published FROM pages WHERE id = ? AND location_id = ?')
    .bind(pageId, locationId)
    .first<{ version: number; published: string | null }>();
  if (!page?.published) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(page.published);
  } catch {
    return null;
  }
  // Without an element named (a browser that skipped the box), the page's order form says whether it shows one.
  const element = findElement(doc, elementId || null);
  const extra = element?.extra;
  return { pageId, version: page.version, texts: { consentText: textAt(extra, 'step1', 'consentText'), termsText: textAt(extra, 'step2', 'termsText') } };
}

export interface OrderConsentInput {
  db: D1Database;
  locationId: string;
  pageId: string | null | undefined;
  box: ConsentBox | undefined;
  /** Where it was filled in, as the page reported it (eventData.page_url). */
  pageUrl: unknown;
  visitor: ConsentVisitor;
  now: number;
}

/** The consent record statement of an opt-in, when its order form shows a consent box; the contact is its subject. */
export async function optinConsent(input: OrderConsentInput, contact: { sql: string; params: unknown[] }): Promise<D1PreparedStatement[]> {
  if (!input.box) return [];
  const found = await orderFormTexts(input.db, input.locationId, input.pageId, input.box.element_id);
  const label = found?.texts.consentText;
  if (!found || !label) return [];
  return [await recordOf(input, found, 'optin', contact, contact, [{ field: 'consent', label, checked: input.box.checked }])];
}

/**
 * The terms of an order: when its order form shows a terms box, it must be ticked (400
 * otherwise, before anything is charged), and the answer is the record to store with the order.
 */
export async function orderTerms(input: OrderConsentInput): Promise<((orderId: string, contactId: string | null) => Promise<D1PreparedStatement>) | null> {
  const pageId = input.pageId;
  const found = await orderFormTexts(input.db, input.locationId, pageId, input.box?.element_id);
  const label = found?.texts.termsText;
  if (!found || !label) return null;
  if (!input.box?.checked) throw new ApiError(400, TERMS_REQUIRED, 'terms');
  return (orderId, contactId) =>
    recordOf(input, found, 'order', { sql: '?', params: [orderId] }, { sql: '?', params: [contactId] }, [{ field: 'terms', label, checked: true }]);
}

function recordOf(
  input: OrderConsentInput,
  found: { pageId: string; version: number },
  kind: 'optin' | 'order',
  subject: { sql: string; params: unknown[] },
  contact: { sql: string; params: unknown[] },
  checks: { field: string; label: string; checked: boolean }[],
): Promise<D1PreparedStatement> {
  return consentStatement(
    input.db,
    {
      locationId: input.locationId,
      contact,
      subjectKind: kind,
      subjectId: subject,
      checks,
      formVersion: null,
      pageId: found.pageId,
      pageVersion: found.version,
      pageUrl: typeof input.pageUrl === 'string' && /^https?:\/\//i.test(input.pageUrl) ? input.pageUrl : null,
      parentUrl: null,
      visitor: input.visitor,
    },
    input.now,
  );
}
