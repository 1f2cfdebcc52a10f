import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

describe('warmup and robots', () => {
  it('answers Working at the API base and on /_ah/warmup', async () => {
    expect(await (await SELF.fetch('http://x.test/api/')).text()).toBe('Working');
    const res = await SELF.fetch('http://x.test/_ah/warmup');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Working');
  });

  it('answers unknown API paths with a JSON 404 msg', async () => {
    const res = await SELF.fetch('http://x.test/api/does/not/exist', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: 'Not found' });
  });

  it('has the migrated schema', async () => {
    const row = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type='table' AND name='appointments'").first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});
