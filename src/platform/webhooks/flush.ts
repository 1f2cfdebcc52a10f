/**
 * After a call that may have written webhook events (any successful call but a read), the
 * outbox's unsent dispatches are handed to the queue in waitUntil, so the answer never
 * waits for it. A call run without an ExecutionContext (an in-process call of a render)
 * leaves them to the scheduled sweep.
 */
import type { MiddlewareHandler } from 'hono';
import { reportError } from '../../lib/report-error';
import type { AppEnv } from '../env';
import { sendPending } from './send';

export function sendWebhooksAfterWrites(): MiddlewareHandler<AppEnv> {
  return async function webhookOutbox(c, next) {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || c.res.status >= 400 || !c.env.WEBHOOK_QUEUE) return;
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
