/**
 * The worker's scheduled work (wrangler.toml `[triggers] crons`, run by src/worker.ts's
 * `scheduled` handler): sweeps what the spam defence keeps only for a while, the ended
 * rate-limit windows and the claims of expired form tokens; and rotates the statistics'
 * visitor salts, deleting every day's salt (and the visitor keys made with it) once that
 * day is over everywhere (./stats/salts.ts), and deletes page-speed samples older than 400
 * days (./stats/vitals.ts).
 */
import type { Bindings } from './env';
import { sweepFormTokenUses } from './services/form-token';
import { sweepRateLimits } from './services/rate-limit';
import { sweepSalts } from './stats/salts';
import { sweepVitals } from './stats/vitals';

export interface Swept {
  rateLimits: number;
  formTokenUses: number;
  visitorSalts: number;
  vitals: number;
}

/** Runs the sweeps as of `now` (the trigger's scheduled time); answers how many rows each deleted. */
export async function runScheduled(env: Pick<Bindings, 'DB'>, now: number): Promise<Swept> {
  return {
    rateLimits: await sweepRateLimits(env.DB, now),
    formTokenUses: await sweepFormTokenUses(env.DB, now),
    visitorSalts: await sweepSalts(env.DB, now),
    vitals: await sweepVitals(env.DB, now),
  };
}
