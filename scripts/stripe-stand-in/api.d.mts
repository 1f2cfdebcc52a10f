/** Types of the Stripe API stand-in (api.mjs) for the TypeScript tests. */
export interface StripeStandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
  replayed: boolean;
}

export interface StripeStandIn {
  /** Answers like api.stripe.com; throws (a network failure) when a dropped connection was armed. */
  fetch(request: Request): Promise<Response>;
  log: StripeStandInRequest[];
}

export function createStripeApi(): StripeStandIn;
