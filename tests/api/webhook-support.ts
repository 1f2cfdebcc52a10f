/** Helpers of the webhook event tests: an endpoint per test file and the events its receiver got, verified with standardwebhooks. */
import { env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import type { ReceivedRequest } from '../support/webhook-receiver-stand-in';
import { admin } from './admin-support';

export const RECEIVER = 'https://hooks.receiver.test';
export const SECRET = `whsec_${btoa('e'.repeat(32))}`;

// biome-ignore lint/suspicious/noExplicitAny: tests read event data loosely and assert on it.
export type ReceivedEvent = { id: string; type: string; timestamp: string; data: Record<string, any>; headers: Record<string, string> };

/** Stores an endpoint for `events` at the receiver's path (one per file, so parallel files never read each other's). */
export async function putEndpoint(id: string, path: string, events: unknown = '*', extra: Record<string, unknown> = {}): Promise<void> {
  const res = await admin('PUT', `/webhooks/${id}`, { id, url: `${RECEIVER}${path}`, events, secrets: [SECRET], ...extra });
  if (res.status !== 201 && res.status !== 200) throw new Error(`PUT webhook → ${res.status} ${await res.text()}`);
}

/** Every request the receiver got at `path`, oldest first. */
export async function receivedAt(path: string): Promise<ReceivedRequest[]> {
  const all = (await (await fetch(`${RECEIVER}/_received`)).json()) as ReceivedRequest[];
  return all.filter((r) => new URL(r.url).pathname === path);
}

/**
 * The events received at `path`, each verified with the standardwebhooks package (a bad
 * signature throws). Tests move the worker's clock, so each is verified as of the time it
 * was signed at (the package refuses a timestamp 5 minutes off its own clock).
 */
export async function eventsAt(path: string): Promise<ReceivedEvent[]> {
  const verifier = new Webhook(SECRET);
  return (await receivedAt(path)).map((r) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Number(r.headers['webhook-timestamp']) * 1000);
    try {
      return { ...(verifier.verify(r.body, r.headers) as Omit<ReceivedEvent, 'headers'>), headers: r.headers };
    } finally {
      vi.useRealTimers();
    }
  });
}

export async function eventRows(): Promise<{ id: string; type: string; record_id: string }[]> {
  return (
    await env.DB.prepare('SELECT id, type, record_id FROM webhook_events ORDER BY created_at, rowid').all<{ id: string; type: string; record_id: string }>()
  ).results;
}
