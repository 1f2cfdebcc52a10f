/** Routes of the payments area: thin handlers over services. */
import { RELAYED_VARIANTS_HEADER, variantCookiesOf } from '../services/experiment-tags';
import type { Hono } from 'hono';
import { mount } from '../call';
import { paymentsCalls as calls } from '../../schemas/calls/payments';
import type { AppEnv, Bindings } from '../env';
import { ApiError, JSON_LIMIT, readLimited } from '../http';
import { paymentProviderFrom } from '../payments';
import { readProof, setProof } from '../payments/one-click-proof';
import { type PaymentEvent, PaymentFailure, type PaymentProvider } from '../payments/provider';
import { applyPaymentEvent } from '../services/payment-events';
import { payOrder } from '../services/checkout';
import { firstLanguage } from '../services/consent';
import { clientIp } from './submit-env';
import { getFunnel } from '../services/funnels';
import { locationExists } from '../services/locations';
import { listStepProducts } from '../services/products';

export const PAYMENTS_NOT_CONFIGURED = 'Card payments are not configured for this seller.';

async function providerOrRefuse(env: Bindings): Promise<PaymentProvider> {
  const provider = await paymentProviderFrom(env);
  if (!provider) throw new ApiError(503, PAYMENTS_NOT_CONFIGURED);
  return provider;
}

export function registerPaymentsRoutes(app: Hono<AppEnv>): void {
  mount(app, calls.productList, async (c, { query }) => {
    if (!(await getFunnel(c.env.DB, query.funnel_id))) throw new ApiError(404, 'Funnel not found');
    return c.json(await listStepProducts(c.env.DB, query.funnel_id, query.step_id));
  });

  mount(app, calls.setupIntent, async (c, { json }) => {
    const provider = await providerOrRefuse(c.env);
    if (!(await locationExists(c.env.DB, json.locationId))) throw new ApiError(404, 'Location not found');
    try {
      const { clientSecret } = await provider.createSetupIntent({ locationId: json.locationId });
      return c.json({ client_secret: clientSecret });
    } catch (err) {
      if (err instanceof PaymentFailure) throw new ApiError(502, err.message);
      throw err;
    }
  });

  // Not a browser call: Stripe posts here; the signature over the raw body is the check.
  app.post('/stripe/webhook', async (c) => {
    const secret = c.env.STRIPE_WEBHOOK_SECRET;
    const provider = await providerOrRefuse(c.env);
    if (!secret) throw new ApiError(503, 'Payment webhooks are not configured.');
    const raw = new TextDecoder().decode(await readLimited(c.req.raw, JSON_LIMIT));
    let event: PaymentEvent;
    try {
      event = await provider.parseWebhook(raw, c.req.header('stripe-signature') ?? '', secret);
    } catch (err) {
      if (err instanceof PaymentFailure) throw new ApiError(400, err.message);
      throw err;
    }
    return c.json({ received: true, outcome: await applyPaymentEvent(c.env.DB, event, c.var.now, c.var.random) });
  });

  mount(app, calls.pay, async (c, { json }) => {
    const provider = await providerOrRefuse(c.env);
    // The provider's secret signs the one-click proof: it exists whenever payments do and never reaches a browser.
    const secret = c.env.STRIPE_SECRET_KEY ?? '';
    const { now, random } = c.var;
    const proof = json.submissionType === 3 ? await readProof(c, secret, json.funnelId, now) : null;
    const { result, paid } = await payOrder(c.env.DB, provider, json, {
      now,
      random,
      proof,
      cookie: c.req.header('cookie') ?? null,
      visitor: { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null, language: firstLanguage(c.req.header('accept-language')) },
      variantCookies: variantCookiesOf(c.req.header('cookie'), c.req.header(RELAYED_VARIANTS_HEADER)),
    });
    // An upsell keeps the proof it was bought with: its window counts from the first purchase.
    await setProof(c, secret, proof ?? paid, now);
    return c.json(result);
  });
}
