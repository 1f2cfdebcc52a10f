/**
 * Sending one event to one webhook endpoint, signed (../../lib/webhook-signing.ts), and
 * logging the attempt in `webhook_deliveries`: its status, how long it took, the first KB of
 * the answer, or why no answer came. A receiver that fails is a logged attempt, not an error
 * of the caller.
 */
import { newId, type RandomBytes } from '../../lib/ids';
import { webhookHeaders } from '../../lib/webhook-signing';
import type { StoredSecret } from '../../schemas/webhook';

/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The error of an attempt logged while it is on its way (and of one whose sender stopped). */
export const NO_ANSWER_YET = 'No answer recorded (sending, or the sender stopped)';
/** How much of an answer is kept. */
export const SNIPPET_BYTES = 1024;

/** An event as receivers get it (the Standard Webhooks payload shape). */
export interface WebhookEventPayload {
  id: string;
  type: string;
  /** ISO 8601. */
  timestamp: string;
  data: unknown;
}

export interface DeliveryTarget {
  id: string;
  url: string;
  secrets: StoredSecret[];
}

export interface DeliveryResult {
  delivered: boolean;
  status: number | null;
  duration_ms: number;
  delivery_id: string;
}

interface Attempt {
  status: number | null;
  snippet: string | null;
  error: string | null;
}

/** The first KB of an answer, read no further. */
async function snippetOf(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < SNIPPET_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes.slice(0, SNIPPET_BYTES)).replace(/\uFFFD$/, '');
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    return { status: response.status, snippet: await snippetOf(response), error: response.ok ? null : `HTTP ${response.status}` };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      status: null,
      snippet: null,
      error: timedOut ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : String(err instanceof Error ? err.message : err).slice(0, 500),
    };
  }
}

/** Posts `event` to the endpoint, signed with every secret, and logs the attempt. `clock` (Date.now by default) times the attempt. */
export async function deliver(
  db: D1Database,
  target: DeliveryTarget,
  event: WebhookEventPayload,
  context: { now: number; random: RandomBytes; attempt?: number; clock?: () => number },
): Promise<DeliveryResult> {
  const clock = context.clock ?? Date.now;
  const body = JSON.stringify(event);
  const headers = await webhookHeaders(
    event.id,
    Math.floor(context.now / 1000),
    body,
    target.secrets.map((s) => s.secret),
  );
  const deliveryId = newId('dlv', context.random);
  // Logged before it is sent, so a worker that stops mid-send leaves a logged attempt (with
  // no answer) rather than a request the receiver got and the log does not show.
  await db
    .prepare(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, attempt, status, duration_ms, response_snippet, error, created_at)
       VALUES (?, ?, ?, ?, ?, NULL, 0, NULL, ?, ?)`,
    )
    .bind(deliveryId, target.id, event.id, event.type, context.attempt ?? 1, NO_ANSWER_YET, context.now)
    .run();
  const started = clock();
  const attempt = await post(target.url, headers, body);
  const duration = Math.max(0, Math.round(clock() - started));
  await db
    .prepare('UPDATE webhook_deliveries SET status = ?, duration_ms = ?, response_snippet = ?, error = ? WHERE id = ?')
    .bind(attempt.status, duration, attempt.snippet, attempt.error, deliveryId)
    .run();
  const delivered = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  return { delivered, status: attempt.status, duration_ms: duration, delivery_id: deliveryId };
}
