/**
 * A webhook endpoint (issue 27): where events are sent, which ones, and the secrets that
 * sign them. `secrets` may be plain strings or `{secret, createdAt}`; the server stores each
 * with the time it was first seen (src/platform/db/documents/webhooks.ts), so a seller
 * rotates by sending the old and the new secret together, then the new one alone.
 * Which URLs are allowed is src/lib/webhook-url.ts (it depends on the deployment).
 */
import * as v from 'valibot';
import { isWebhookSecret } from '../lib/webhook-signing';
import { id, singleLine } from './common';

/** The events a webhook can subscribe to; `*` is all of them. */
export const WEBHOOK_EVENTS = [
  'contact.created',
  'contact.updated',
  'form.submitted',
  'survey.submitted',
  'appointment.booked',
  'appointment.rescheduled',
  'appointment.cancelled',
  'appointment.note',
  'order.paid',
  'payment.failed',
  'contact.erased',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const secret = v.pipe(v.string(), v.check(isWebhookSecret, 'must be whsec_ followed by base64 of 24 to 64 bytes'));

/** A secret alone, or with the time it was made; checked as whichever it is, so the message says what is wrong. */
export const webhookSecret = v.lazy((input) =>
  typeof input === 'string' ? secret : v.object({ secret, createdAt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
);

/** `*` for every event, or a non-empty list of them. */
const webhookEvents = v.lazy((input) =>
  input === '*'
    ? v.literal('*')
    : v.pipe(
        v.array(v.picklist(WEBHOOK_EVENTS, `must be one of ${WEBHOOK_EVENTS.join(', ')}`), 'must be a list of events or *'),
        v.nonEmpty('must list at least one event'),
      ),
);

export const webhookDocument = v.object({
  id,
  url: v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(2048), singleLine),
  events: webhookEvents,
  secrets: v.optional(v.pipe(v.array(webhookSecret), v.nonEmpty('must list at least one secret'), v.maxLength(5, 'must list at most 5 secrets'))),
  active: v.optional(v.boolean(), true),
  /** Set by the system when deliveries keep failing; stored as sent. */
  paused: v.optional(v.boolean(), false),
});
export type WebhookDocument = v.InferOutput<typeof webhookDocument>;

/** A secret as stored: the time it was first stored lets the seller see which one is older. */
export interface StoredSecret {
  secret: string;
  createdAt: number;
}
