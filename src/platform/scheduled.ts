/**
 * The worker's scheduled work (wrangler.toml `[triggers] crons`, run by src/worker.ts's
 * `scheduled` handler): sweeps what the spam defence keeps only for a while, the ended
 * rate-limit windows and the claims of expired form tokens; sends again the webhook
 * dispatches the queue never took or lost (every trigger, so every 5 minutes) and deletes
 * webhook events past their keeping time; and rotates the statistics' visitor salts,
 * deleting every day's salt (and the visitor keys made with it) once that day is over
 * everywhere (./stats/salts.ts), and deletes page-speed samples older than 400 days
 * (./stats/vitals.ts).
 */
import type { Bindings } from './env';
import { sweepFormTokenUses } from './services/form-token';
import { sweepRateLimits } from './services/rate-limit';
import { sweepSalts } from './stats/salts';
import { sweepVitals } from './stats/vitals';
import { sweepWebhookEvents } from './webhooks/retention';
import { requeueLost, sendAllPending } from './webhooks/send';

export interface Swept {
  rateLimits: number;
  formTokenUses: number;
  /** Webhook dispatches handed to the queue again, and events deleted. */
  webhooks: { lost: number; sent: number; deleted: number };
  visitorSalts: number;
  vitals: number;
}

/** The trigger that only re-sends webhooks (the hourly one runs every sweep). */
export const WEBHOOK_RESEND_CRON = '*/5 * * * *';

/** Runs the sweeps as of `now` (the trigger's scheduled time); answers how many rows each touched. */
export async function runScheduled(env: Pick<Bindings, 'DB' | 'WEBHOOK_QUEUE'>, now: number, cron?: string): Promise<Swept> {
  const lost = await requeueLost(env.DB, now);
  const sent = await sendAllPending(env, now);
  if (cron === WEBHOOK_RESEND_CRON) return { rateLimits: 0, formTokenUses: 0, webhooks: { lost, sent, deleted: 0 }, visitorSalts: 0, vitals: 0 };
  return {
    rateLimits: await sweepRateLimits(env.DB, now),
    formTokenUses: await sweepFormTokenUses(env.DB, now),
    webhooks: { lost, sent, deleted: await sweepWebhookEvents(env.DB, now) },
    visitorSalts: await sweepSalts(env.DB, now),
    vitals: await sweepVitals(env.DB, now),
  };
}
