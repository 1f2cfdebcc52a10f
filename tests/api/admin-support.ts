/** Helpers of the admin API tests: authorised calls and minimal valid documents. */
import { SELF } from 'cloudflare:test';

export const TOKEN = 'test-admin-token-0123456789abcdef';

/** Calls the admin API with the test token (or the given headers). */
export function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }): Promise<Response> {
  return SELF.fetch(`http://admin.test/admin/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** PUTs a document and fails the test with the server's msg unless it is stored. */
export async function put(path: string, body: unknown): Promise<void> {
  const res = await admin('PUT', path, body);
  if (res.status !== 200 && res.status !== 201) throw new Error(`PUT ${path} → ${res.status} ${await res.text()}`);
}

export const location = (id = 'loc_a') => ({ id, name: 'Acme Coaching', country: 'US', timezone: 'America/New_York', currency: 'USD' });

export const funnel = (id = 'fn_a', locationId = 'loc_a') => ({
  id,
  locationId,
  name: 'Webinar funnel',
  steps: [
    { id: `${id}_s1`, name: 'Opt-in', path: '/', pageId: `${id}_p1` },
    { id: `${id}_s2`, name: 'Thanks', path: '/thanks', pageId: `${id}_p2` },
  ],
});

export const page = (pageId: string, locationId = 'loc_a', headline = 'Free guide') => ({
  pageId,
  pageName: headline,
  locationId,
  elements: [
    { id: 'sec_1', type: 'section', meta: 'section', tagName: 'c-section', child: ['h_1'], class: [], styles: {}, extra: { sticky: 'noneSticky' } },
    { id: 'h_1', type: 'element', meta: 'heading', tagName: 'c-heading', child: [], class: [], styles: {}, extra: { text: `<h1>${headline}</h1>` } },
  ],
});

export const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  locationId: 'loc_a',
  productName: 'Course',
  paymentType: 'one_time',
  amount: 4900,
  currency: 'usd',
  ...extra,
});
