/** The demo forms of scripts/demo-data, submitted as the widget would: every field type of requirements WIDGET-DATA. */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import allFields from '../../scripts/demo-data/forms/form_all_fields.json';
import { type Loose, multipart, PDF, PNG, post, seedForm, seedLocation } from './forms-fixtures';

const SIGNATURE = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;

const COMPLETE = {
  formId: 'form_all_fields',
  first_name: 'Mia',
  last_name: 'Stone',
  email: 'mia@example.com',
  phone: '617 555 0199',
  website: 'https://mia.example.com',
  date_of_birth: '1988-07-14',
  address: '1 Main St',
  country: 'United States',
  team_size: 3,
  clients_per_month: '12',
  monthly_budget: '1.250,00',
  goals: ['More clients', '', 'Less admin'],
  challenge: 'Time',
  story: 'Long story',
  channels: ['Referrals', 'Podcast guesting'],
  offer_type: 'Group program',
  niche: 'Business',
  tools: ['Notion', 'Stripe'],
  office_location: { 1: 'United States', 2: 'Massachusetts', 3: 'Boston' },
  signature: SIGNATURE,
  lead_source: 'newsletter',
};

beforeAll(async () => {
  await seedLocation('loc_demo');
  await seedForm({ ...allFields, locationId: 'loc_demo' });
});

describe('the all-fields demo form', () => {
  it('accepts a complete submission with a signature and brand files', async () => {
    const files = { brand_files: [new File([PNG], 'logo.png'), new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'mark.svg')] };
    const res = await post('/form', multipart(COMPLETE, files));
    const body = (await res.json()) as Loose;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.formData).toMatchObject({
      country: 'US',
      phone: '+16175550199',
      monthly_budget: '1250.00',
      clients_per_month: 12,
      goals: ['More clients', 'Less admin'],
      office_location: ['United States', 'Massachusetts', 'Boston'],
    });
    expect(body.formData.signature[0]).toMatchObject({ contentType: 'image/png' });
    expect(body.formData.brand_files.map((f: Loose) => f.contentType)).toEqual(['image/png', 'image/svg+xml']);
    const { results } = await env.DB.prepare('SELECT field, content_type FROM uploads WHERE owner_id = ? ORDER BY field, content_type')
      .bind(body.id)
      .all<Loose>();
    expect(results).toEqual([
      { field: 'brand_files', content_type: 'image/png' },
      { field: 'brand_files', content_type: 'image/svg+xml' },
      { field: 'signature', content_type: 'image/png' },
    ]);
  });

  it('refuses a cascade path that is not offered and a signature that is not a PNG', async () => {
    const res = await post(
      '/form',
      multipart({ ...COMPLETE, office_location: ['Canada', 'Massachusetts', 'Boston'], signature: 'data:image/png;base64,PHN2Zz4=' }),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as Loose;
    expect(body.errors.map((e: Loose) => e.field)).toEqual(['office_location']);
    const sig = await post('/form', multipart({ ...COMPLETE, signature: 'data:image/png;base64,PHN2Zz4=' }));
    expect(sig.status).toBe(422);
    expect(((await sig.json()) as Loose).errors[0].field).toBe('signature');
  });

  it('takes a signature as one PNG file only: an SVG with a script, another kind or a second file is refused and nothing stored', async () => {
    const { signature: _drawn, ...unsigned } = COMPLETE;
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'signature.svg', { type: 'image/svg+xml' });
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads').first<{ n: number }>();
    for (const files of [
      { signature: [svg] },
      { signature: [new File([PDF], 'signature.pdf')] },
      { signature: [new File([PNG], 'a.png'), new File([PNG], 'b.png')] },
    ]) {
      const res = await post('/form', multipart(unsigned, files));
      const body = (await res.json()) as Loose;
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(body.errors).toEqual([expect.objectContaining({ field: 'signature', msg: 'Please sign in the box.' })]);
    }
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
    const png = await post('/form', multipart(unsigned, { signature: [new File([PNG], 'drawn.bin')] }));
    expect(png.status).toBe(200);
    expect(((await png.json()) as Loose).formData.signature[0]).toMatchObject({ contentType: 'image/png' });
  });
});
