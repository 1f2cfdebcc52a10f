/**
 * Signed file links (issue 27): the admin API hands out a 10-minute link per upload, and the
 * link downloads the file as an attachment with nosniff; an expired or altered link gets 403.
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingKey } from '../../src/platform/secrets';
import { FILE_LINK_TTL_MS, fileLink } from '../../src/platform/services/file-links';
import { admin } from './admin-support';
import { at, PDF } from './forms-fixtures';
import { PERSON, seedTrail, type Trail } from './privacy-fixtures';

let trail: Trail;

beforeAll(async () => {
  trail = await seedTrail({ ...PERSON, filename: 'Résumé final;1.pdf' });
});

const download = (url: string, headers: Record<string, string> = {}) => SELF.fetch(`https://seller.test${url}`, { headers });

async function linkOf(id: string, now = Date.now()): Promise<{ url: string; expires_at: number }> {
  const res = await admin('GET', `/uploads/${id}/link`, undefined, { authorization: 'Bearer test-admin-token-0123456789abcdef', ...at(now) });
  expect(res.status).toBe(200);
  return res.json();
}

describe('GET /admin/v1/uploads/{id}/link', () => {
  it('answers a signed link to the file that expires in 10 minutes', async () => {
    const now = Date.now();
    const link = await linkOf(trail.uploadId, now);
    expect(link.expires_at).toBe(now + FILE_LINK_TTL_MS);
    expect(link.url).toMatch(new RegExp(`^/files/${trail.uploadId}\\?exp=${link.expires_at}&sig=[\\w-]{43}$`));
  });

  it('needs the admin token, a well-formed id and a file that exists', async () => {
    expect((await admin('GET', `/uploads/${trail.uploadId}/link`, undefined, {})).status).toBe(401);
    const bad = await admin('GET', '/uploads/up%20x%3Cy/link');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ msg: 'A file id has only letters, digits, _ and -' });
    const unknown = await admin('GET', '/uploads/up_nope/link');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ msg: 'No file up_nope' });
  });
});

describe('GET /files/{id}', () => {
  it('downloads the file as an attachment under its own name, with nosniff and no caching', async () => {
    const res = await download((await linkOf(trail.uploadId)).url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="R_sum_ final_1.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final%3B1.pdf`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('sends a type off the safe list as application/octet-stream', async () => {
    await env.UPLOADS.put('uploads/loc_w/form/1-up_svg.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await env.DB.prepare(
      `INSERT INTO uploads (id, location_id, owner_kind, owner_id, field, object_key, filename, content_type, size, created_at)
       VALUES ('up_svg', 'loc_w', 'form', 'sub_x', 'cv', 'uploads/loc_w/form/1-up_svg.svg', 'drawing.svg', 'image/svg+xml', 70, 1)`,
    ).run();
    const res = await download((await linkOf('up_svg')).url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="drawing.svg"/);
  });

  it('refuses an expired link with 403', async () => {
    const link = await linkOf(trail.uploadId);
    expect((await download(link.url, at(link.expires_at - 1))).status).toBe(200);
    const res = await download(link.url, at(link.expires_at));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ msg: 'This file link has expired; ask for a new one' });
  });

  it('refuses an altered link with 403', async () => {
    const { url, expires_at } = await linkOf(trail.uploadId);
    const sig = new URL(url, 'https://x').searchParams.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const altered = [
      url.replace(sig, flipped),
      url.replace(`exp=${expires_at}`, `exp=${expires_at + 3_600_000}`),
      url.replace(trail.uploadId, 'up_svg'),
      url.replace(`&sig=${sig}`, ''),
      `/files/${trail.uploadId}`,
      url.replace(`exp=${expires_at}`, 'exp=soon'),
    ];
    for (const attempt of altered) {
      const res = await download(attempt);
      expect(res.status, attempt).toBe(403);
      expect(await res.json()).toEqual({ msg: 'This file link is not valid' });
    }
  });

  it('answers 404 for a validly signed link to a file that does not exist', async () => {
    const link = await fileLink(signingKey(env, 'file-link'), 'up_gone', Date.now());
    const res = await download(link.url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: 'This file no longer exists' });
  });
});
