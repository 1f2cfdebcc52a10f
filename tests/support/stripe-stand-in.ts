/**
 * A stand-in for Stripe's REST API at its network boundary, for the workerd tests. It runs in
 * Node as miniflare's outbound service: requests to STAND_IN_HOST get Stripe's own response
 * shapes (setup intents, customers, payment methods, payment intents, products,
 * subscriptions), with Stripe's idempotency semantics (a repeated Idempotency-Key replays
 * the first answer). Every other outbound request passes through untouched.
 *
 * Stripe's test payment method `pm_card_chargeDeclined` is declined, as on Stripe.
 * `GET /__log` answers every request seen so far so tests can count charges.
 */

/** The host:port that tests point STRIPE_API_HOST at. */
export const STRIPE_STAND_IN_HOST = 'stripe.test:12111';

interface Logged {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
  replayed: boolean;
}

type Obj = Record<string, unknown>;
type Answer = { status: number; body: unknown };
type Handler = (params: Record<string, string>, id: string) => Answer;

const log: Logged[] = [];
const replies = new Map<string, Answer>();
const objects = new Map<string, Obj>();
let counter = 0;

function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}_standin${counter.toString(36).padStart(6, '0')}`;
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m?.[1]) out[m[1]] = value;
  }
  return out;
}

function stored(id: string): Answer {
  const obj = objects.get(id);
  return obj ? { status: 200, body: obj } : missing(id);
}

function missing(id: string): Answer {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } } };
}

function declined(): Answer {
  return {
    status: 402,
    body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  };
}

function save(obj: Obj): Answer {
  objects.set(String(obj.id), obj);
  return { status: 200, body: obj };
}

const routes: [string, RegExp, Handler][] = [
  [
    'POST',
    /^\/v1\/setup_intents$/,
    (p) => {
      const id = nextId('seti');
      return save({ id, object: 'setup_intent', client_secret: `${id}_secret_${nextId('s')}`, status: 'requires_payment_method', payment_method: null, usage: p.usage ?? 'off_session', metadata: metadataOf(p) });
    },
  ],
  ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (_p, id) => stored(id)],
  [
    'POST',
    /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
    (p, id) => {
      const intent = objects.get(id);
      if (!intent) return missing(id);
      return save({ ...intent, status: 'succeeded', payment_method: p.payment_method ?? null });
    },
  ],
  ['POST', /^\/v1\/customers$/, (p) => save({ id: nextId('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null, metadata: metadataOf(p) })],
  ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (p, id) => save({ id, object: 'payment_method', type: 'card', customer: p.customer ?? null })],
  ['POST', /^\/v1\/products$/, (p) => save({ id: nextId('prod'), object: 'product', name: p.name ?? '' })],
  [
    'POST',
    /^\/v1\/payment_intents$/,
    (p) => {
      if (p.payment_method === 'pm_card_chargeDeclined') return declined();
      return save({
        id: nextId('pi'),
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(p.amount),
        currency: p.currency,
        customer: p.customer ?? null,
        payment_method: p.payment_method ?? null,
        metadata: metadataOf(p),
      });
    },
  ],
  [
    'POST',
    /^\/v1\/subscriptions$/,
    (p) => {
      if (p.default_payment_method === 'pm_card_chargeDeclined') return declined();
      return save({ id: nextId('sub'), object: 'subscription', status: 'active', customer: p.customer, metadata: metadataOf(p) });
    },
  ],
];

function answer(status: number, body: unknown, replayed = false): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': nextId('req') };
  if (replayed) headers['idempotent-replayed'] = 'true';
  return new Response(JSON.stringify(body), { status, headers });
}

async function handleStripe(request: Request, path: string): Promise<Response> {
  if (path === '/__log') return answer(200, log);
  if (!/^Bearer sk_/.test(request.headers.get('authorization') ?? '')) {
    return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
  }
  const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? '' : await request.text()));
  const key = request.headers.get('idempotency-key');
  const previous = key ? replies.get(`${request.method} ${path} ${key}`) : undefined;
  log.push({ method: request.method, path, idempotencyKey: key, params, replayed: Boolean(previous) });
  if (previous) return answer(previous.status, previous.body, true);
  for (const [method, pattern, handler] of routes) {
    const m = request.method === method ? pattern.exec(path) : null;
    if (!m) continue;
    const result = handler(params, decodeURIComponent(m[1] ?? ''));
    if (key) replies.set(`${request.method} ${path} ${key}`, result);
    return answer(result.status, result.body);
  }
  return answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
}

/** Miniflare's outbound service: Stripe's API on STRIPE_STAND_IN_HOST, everything else passed on. */
export async function stripeStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== STRIPE_STAND_IN_HOST) return fetch(request);
  return handleStripe(request, url.pathname);
}
