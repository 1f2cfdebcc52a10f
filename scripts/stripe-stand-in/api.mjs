/**
 * A stand-in for Stripe's REST API at its network boundary: the calls the platform (through
 * the official SDK) and the browser Stripe.js stand-in make, answered with Stripe's own
 * response shapes, error shapes and idempotency rules. Used by the workerd tests (as
 * miniflare's outbound service), by the browser tests and by `npm start` (as an HTTP
 * server, ./index.mjs). Plain JavaScript so Node runs it without a build.
 *
 * Stripe's test cards and payment methods behave as on Stripe:
 * - 4242 4242 4242 4242, pm_card_visa: succeeds;
 * - 4000 0000 0000 0002 (and 9995): declined when the card is set up;
 * - 4000 0000 0000 0341, pm_card_chargeDeclined: set up fine, declined when charged;
 * - 4000 0025 0000 3155: needs 3-D Secure authentication when set up.
 * Idempotency: a repeated Idempotency-Key replays the first answer (5xx included, as Stripe
 * does) and the same key with other parameters is refused.
 * Control calls for tests: GET /__log, POST /__fail {path, status|drop, times}, POST /__reset.
 */

const DECLINED_AT_SETUP = new Set(['4000000000000002', '4000000000009995']);
const DECLINED_AT_CHARGE = new Set(['4000000000000341']);
const NEEDS_AUTHENTICATION = new Set(['4000002500003155', '4000002760003184']);
const KNOWN_METHODS = { pm_card_visa: '4242424242424242', pm_card_chargeDeclined: '4000000000000341' };

const error = (status, type, message, extra = {}) => ({ status, body: { error: { type, message, ...extra } } });
const declined = (code = 'generic_decline') =>
  error(402, 'card_error', code === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.', {
    code: 'card_declined',
    decline_code: code,
  });
const missing = (id) => error(404, 'invalid_request_error', `No such object: '${id}'`, { code: 'resource_missing' });

function metadataOf(params) {
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m) out[m[1]] = value;
  }
  return out;
}

/** One stand-in with its own objects, log and replies. */
export function createStripeApi() {
  let counter = 0;
  const objects = new Map();
  const replies = new Map();
  const log = [];
  let failures = [];

  const nextId = (prefix) => `${prefix}_standin${(++counter).toString(36).padStart(6, '0')}`;
  const save = (obj) => {
    objects.set(obj.id, obj);
    return { status: 200, body: obj };
  };
  const stored = (id) => (objects.has(id) ? { status: 200, body: objects.get(id) } : missing(id));
  const cardOf = (pm) => KNOWN_METHODS[pm] ?? objects.get(pm)?.card?.number ?? '4242424242424242';
  const publicCard = (pm) => {
    const { number, ...rest } = pm.card;
    return { ...pm, card: { ...rest, last4: number.slice(-4) } };
  };

  function paymentMethod(p) {
    const number = (p['card[number]'] ?? '').replace(/\D/g, '');
    if (!/^\d{13,19}$/.test(number)) return error(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number' });
    const pm = {
      id: nextId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { number, brand: 'visa', exp_month: Number(p['card[exp_month]']), exp_year: Number(p['card[exp_year]']) },
    };
    objects.set(pm.id, pm);
    return { status: 200, body: publicCard(pm) };
  }

  function confirmSetup(p, id) {
    const intent = objects.get(id);
    if (!intent) return missing(id);
    if (p.client_secret && p.client_secret !== intent.client_secret)
      return error(400, 'invalid_request_error', 'The client_secret provided does not match the client_secret associated with the SetupIntent.');
    const pm = p.payment_method ?? null;
    const number = cardOf(pm);
    if (DECLINED_AT_SETUP.has(number)) {
      const code = number.endsWith('9995') ? 'insufficient_funds' : 'generic_decline';
      save({ ...intent, status: 'requires_payment_method', last_setup_error: declined(code).body.error });
      return declined(code);
    }
    if (NEEDS_AUTHENTICATION.has(number)) return save({ ...intent, status: 'requires_action', payment_method: pm, next_action: { type: 'use_stripe_sdk' } });
    return save({ ...intent, status: 'succeeded', payment_method: pm });
  }

  function authenticate(p, id) {
    const intent = objects.get(id);
    if (intent?.status !== 'requires_action') return missing(id);
    if (p.result === 'complete') return save({ ...intent, status: 'succeeded', next_action: null });
    const failure = {
      code: 'setup_intent_authentication_failure',
      type: 'invalid_request_error',
      message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    };
    save({ ...intent, status: 'requires_payment_method', next_action: null, last_setup_error: failure });
    return { status: 402, body: { error: failure } };
  }

  function paymentIntent(p) {
    if (DECLINED_AT_CHARGE.has(cardOf(p.payment_method))) return declined();
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
  }

  function subscription(p) {
    if (DECLINED_AT_CHARGE.has(cardOf(p.default_payment_method))) return declined();
    return save({
      id: nextId('sub'),
      object: 'subscription',
      status: 'active',
      customer: p.customer,
      default_payment_method: p.default_payment_method ?? null,
      metadata: metadataOf(p),
    });
  }

  /** [method, path pattern, handler, callable with a publishable key (as Stripe.js does)] */
  const routes = [
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (p) => {
        const id = nextId('seti');
        return save({
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_${nextId('s')}`,
          status: 'requires_payment_method',
          payment_method: null,
          usage: p.usage ?? 'off_session',
          metadata: metadataOf(p),
        });
      },
    ],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (_p, id) => stored(id), true],
    ['POST', /^\/v1\/setup_intents\/([^/]+)\/confirm$/, confirmSetup, true],
    ['POST', /^\/v1\/setup_intents\/([^/]+)\/authenticate$/, authenticate, true],
    ['POST', /^\/v1\/payment_methods$/, paymentMethod, true],
    [
      'POST',
      /^\/v1\/customers$/,
      (p) => save({ id: nextId('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null, metadata: metadataOf(p) }),
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      (p, id) => {
        const pm = objects.get(id) ?? { id, object: 'payment_method', type: 'card', card: { number: cardOf(id), brand: 'visa' } };
        objects.set(id, { ...pm, customer: p.customer ?? null });
        return { status: 200, body: publicCard(objects.get(id)) };
      },
    ],
    ['POST', /^\/v1\/products$/, (p) => save({ id: nextId('prod'), object: 'product', name: p.name ?? '' })],
    ['POST', /^\/v1\/payment_intents$/, paymentIntent],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (_p, id) => stored(id)],
    ['POST', /^\/v1\/subscriptions$/, subscription],
  ];

  function control(path, params) {
    if (path === '/__log') return { status: 200, body: log };
    if (path === '/__reset') {
      log.length = 0;
      failures = [];
      return { status: 200, body: { reset: true } };
    }
    if (path === '/__fail') {
      failures.push({ path: params.path ?? '', status: Number(params.status ?? 500), drop: params.drop === 'true', times: Number(params.times ?? 1) });
      return { status: 200, body: { armed: failures.length } };
    }
    return null;
  }

  /** The failure armed for this path, used up once per request. */
  function takeFailure(path) {
    const failure = failures.find((f) => f.times > 0 && path.startsWith(f.path));
    if (!failure) return null;
    failure.times -= 1;
    return failure;
  }

  /**
   * Answers one request. `null` with `drop` means the connection is to be cut (a network
   * failure the caller must simulate in its own transport).
   */
  async function handle(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    const raw = request.method === 'GET' ? url.searchParams.toString() : await request.text();
    const params = Object.fromEntries(new URLSearchParams(raw.startsWith('{') ? Object.entries(JSON.parse(raw)) : raw));
    const ctrl = control(path, params);
    if (ctrl) return ctrl;
    if (request.method === 'OPTIONS') return { status: 204, body: null };
    const auth = request.headers.get('authorization') ?? '';
    if (!/^Bearer (sk|pk)_/.test(auth)) return error(401, 'invalid_request_error', 'Invalid API Key provided');
    const key = request.headers.get('idempotency-key');
    const replyKey = key ? `${request.method} ${path} ${key}` : '';
    const previous = key ? replies.get(replyKey) : undefined;
    log.push({ method: request.method, path, idempotencyKey: key, params, replayed: Boolean(previous) });
    if (previous) {
      if (previous.raw !== raw)
        return error(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      return { ...previous.answer, replayed: true };
    }
    const failure = takeFailure(path);
    if (failure?.drop) return { drop: true };
    let answer;
    if (failure) answer = error(failure.status, 'api_error', 'An unexpected error occurred (stand-in).');
    else {
      const route = routes.find(([method, pattern]) => method === request.method && pattern.test(path));
      if (!route) answer = error(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${path})`);
      else if (auth.startsWith('Bearer pk_') && !route[3])
        answer = error(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key.');
      else answer = route[2](params, decodeURIComponent(route[1].exec(path)[1] ?? ''));
    }
    if (key) replies.set(replyKey, { raw, answer });
    return answer;
  }

  /** The answer as a fetch Response (CORS open, as api.stripe.com is for Stripe.js). */
  async function fetchHandler(request) {
    const answer = await handle(request);
    if (answer.drop) throw new TypeError('fetch failed: the Stripe stand-in dropped the connection');
    const headers = {
      'content-type': 'application/json',
      'request-id': nextId('req'),
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
    };
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    return new Response(answer.body === null ? null : JSON.stringify(answer.body), { status: answer.status, headers });
  }

  return { handle, fetch: fetchHandler, log };
}
