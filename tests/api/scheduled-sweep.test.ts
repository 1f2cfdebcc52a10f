/**
 * The scheduled sweep (wrangler.toml crons → src/worker.ts `scheduled`): ended rate-limit
 * windows and the claims of expired form tokens are deleted; live ones stay.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FORM_TOKEN_TTL_MS } from '../../src/lib/spam-defence';
import { runScheduled } from '../../src/platform/scheduled';
import { overLimit } from '../../src/platform/services/rate-limit';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 25, 3, 17);

const buckets = async () =>
  (await env.DB.prepare("SELECT bucket FROM rate_limits WHERE bucket LIKE 'sweep:%' ORDER BY bucket").all<{ bucket: string }>()).results.map((r) => r.bucket);

describe('the scheduled sweep', () => {
  it('deletes rate-limit counters whose window has ended, keeps the live ones', async () => {
    await overLimit(env.DB, [{ key: 'sweep:ended-minute', windowMs: 60_000, limit: 5 }], NOW - 2 * 60_000);
    await overLimit(env.DB, [{ key: 'sweep:ended-ten', windowMs: 10 * 60_000, limit: 5 }], NOW - HOUR);
    await overLimit(env.DB, [{ key: 'sweep:live-ten', windowMs: 10 * 60_000, limit: 5 }], NOW);
    await overLimit(env.DB, [{ key: 'sweep:live-day', windowMs: 24 * HOUR, limit: 5 }], NOW - HOUR);
    // A counter written before rows kept their expiry: swept a day after its window began.
    await env.DB.prepare("INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('sweep:old-row', ?, 3), ('sweep:recent-row', ?, 3)")
      .bind(NOW - 25 * HOUR, NOW - HOUR)
      .run();
    const swept = await runScheduled(env, NOW);
    expect(swept.rateLimits).toBe(3);
    expect(await buckets()).toEqual(['sweep:live-day', 'sweep:live-ten', 'sweep:recent-row']);
  });

  it('deletes the claims of form tokens that have expired', async () => {
    const claim = env.DB.prepare("INSERT INTO form_token_uses (token, kind, ref_id, idempotency_key, expires_at) VALUES (?, 'form', 'form_x', NULL, ?)");
    await env.DB.batch([claim.bind('sweep-old', NOW - 1), claim.bind('sweep-live', NOW + FORM_TOKEN_TTL_MS)]);
    expect((await runScheduled(env, NOW)).formTokenUses).toBe(1);
    const left = await env.DB.prepare("SELECT token FROM form_token_uses WHERE token LIKE 'sweep-%'").all<{ token: string }>();
    expect(left.results.map((r) => r.token)).toEqual(['sweep-live']);
  });
});
