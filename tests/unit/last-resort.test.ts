/** The worker's own 500 answer: the visitor's language, no stack trace or path, JSON for API callers. */
import { describe, expect, it } from 'vitest';
import { lastResortResponse } from '../../src/serving/last-resort';

const boom = new Error('Cannot read properties of undefined');
boom.stack = 'Error: Cannot read properties of undefined\n    at render (/srv/app/src/pages/[...path].astro:12:3)';

describe('lastResortResponse', () => {
  it('answers a page in the visitor language without the stack', async () => {
    const res = lastResortResponse(new Request('http://shop.test/a?lang=de'), boom);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await res.text();
    expect(html).toContain('lang="de"');
    expect(html).not.toMatch(/\/work\/|\.astro|at render|Cannot read/);
  });

  it('answers JSON with a msg under /api and /admin', async () => {
    for (const path of ['/api/contact', '/admin/v1/status']) {
      const res = lastResortResponse(new Request(`http://shop.test${path}`), boom);
      expect(res.status).toBe(500);
      const body = (await res.json()) as { msg: string };
      expect(body.msg).toMatch(/went wrong/);
      expect(JSON.stringify(body)).not.toContain('/srv/');
    }
  });
});
