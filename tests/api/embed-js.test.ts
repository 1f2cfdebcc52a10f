import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { EMBED_SOURCE } from '../../src/widgets/embed/protocol';

describe('GET /widget/embed.js', () => {
  it('serves the loader as JavaScript with a long cache lifetime', async () => {
    const res = await SELF.fetch('https://widgets.example/widget/embed.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/max-age=86400/);
    const body = await res.text();
    expect(body).toContain(EMBED_SOURCE);
    expect(body).toContain('"origin":"https://widgets.example"');
    // The served text must run on its own: no helper of the bundler left behind.
    expect(body).not.toMatch(/__name|__publicField|require\(/);
    expect(() => new Function(body)).not.toThrow();
  });
});
