/**
 * After a call that may have written webhook events (any call but a read or a refusal), the
 * outbox's unsent dispatches are handed to the queue in waitUntil, so the answer never
 * waits for it. A call run without an ExecutionContext (an in-process call of a render)
 * leaves them to the scheduled sweep.
 */
import type { MiddlewareHandler } from 'hono';
import { reportError } from '../../lib/report-error';
import type { AppEnv } from '../env';
import { sendPending } from './send';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers of calls refused before they write (bad input, unknown ids, limits); a declined payment (402) or a 5xx may have written. */
const REFUSED_UNWRITTEN = new Set([400, 401, 403, 404, 405, 413, 415, 422, 429]);

export function sendWebhooksAfterWrites(): MiddlewareHandler<AppEnv> {
  return async function webhookOutbox(c, next) {
    await next();
    if (READS.has(c.req.method) || REFUSED_UNWRITTEN.has(c.res.status) || !c.env.WEBHOOK_QUEUE) return;
    let waitUntil: (promise: Promise<unknown>) => void;
    try {
      const ctx = c.executionCtx;
      waitUntil = ctx.waitUntil.bind(ctx);
    } catch {
      return;
    }
    waitUntil(sendPending(c.env, c.var.now).catch((err) => reportError(err, { path: c.req.path, task: 'webhook outbox' })));
  };
}
