/**
 * What a widget submission says about the visit (issue 31, docs/widget-api.md "Visit
 * extras"): the domain and page it was filled in on, stored and listed by the results API;
 * the session, kept only when it is one of this location's; the sticky contact's id, counted
 * only with the token its browser was given.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from './admin-support';
import { type Loose, multipart, post, seedForm, seedLocation } from './forms-fixtures';

const FORM = {
  id: 'frm_visit',
  locationId: 'loc_v',
  name: 'Visit form',
  form: {
    fields: [
      { tag: 'first_name', label: 'First Name', type: 'text' },
      { tag: 'email', label: 'Email', type: 'email' },
      { tag: 'goal', label: 'Goal', type: 'text' },
    ],
  },
};

async function submit(data: Record<string, unknown>): Promise<{ status: number; body: Loose }> {
  const res = await post('/form', multipart({ formId: FORM.id, ...data }));
  return { status: res.status, body: (await res.json()) as Loose };
}

const contactOf = async (submissionId: string) =>
  (await env.DB.prepare('SELECT contact_id FROM submissions WHERE id = ?').bind(submissionId).first<{ contact_id: string }>())?.contact_id;

beforeAll(async () => {
  await seedLocation('loc_v');
  await seedLocation('loc_other');
  await seedForm(FORM);
  await seedForm({ ...FORM, id: 'frm_other', locationId: 'loc_other' });
});

describe('domain and page_url', () => {
  it('are stored with the submission and listed by the results API; a whole URL gives its host and path', async () => {
    const a = await submit({ first_name: 'Ann', funneEventData: { event_type: 'optin', domain_name: 'Shop.Example.com:8443', page_url: '/launch/?utm=x' } });
    expect(a.status).toBe(200);
    const b = await submit({ first_name: 'Bo', funneEventData: { page_url: 'https://www.example.org/thanks#top' } });
    const c = await submit({ first_name: 'Cy', funneEventData: { domain_name: 'not a host', page_url: 'javascript:alert(1)' } });
    const row = (id: string) => env.DB.prepare('SELECT domain, page_url FROM submissions WHERE id = ?').bind(id).first();
    expect(await row(a.body.id)).toEqual({ domain: 'shop.example.com', page_url: '/launch' });
    expect(await row(b.body.id)).toEqual({ domain: 'www.example.org', page_url: '/thanks' });
    expect(await row(c.body.id)).toEqual({ domain: null, page_url: null });
    const res = await admin('GET', `/submissions?form_id=${FORM.id}`);
    const items = ((await res.json()) as Loose).items as Loose[];
    expect(items.find((i) => i.id === a.body.id)).toMatchObject({ domain: 'shop.example.com', pageUrl: '/launch' });
  });
});

describe('sessionId', () => {
  it('is kept when it is a session of this location, else a new one is given', async () => {
    await env.DB.prepare(
      "INSERT INTO sessions (id, location_id, kind, ref_id, name, fingerprint, created_at) VALUES ('ss_mine', 'loc_v', 'form', ?, '', 'fp_mine', 0)",
    )
      .bind(FORM.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO sessions (id, location_id, kind, ref_id, name, fingerprint, created_at) VALUES ('ss_theirs', 'loc_other', 'form', 'frm_other', '', 'fp_theirs', 0)",
    ).run();
    const mine = await submit({ first_name: 'Ann', sessionId: 'ss_mine', sessionFingerprint: 'fp_other' });
    expect([mine.body.sessionId, mine.body.sessionFingerprint]).toEqual(['ss_mine', 'fp_mine']);
    for (const sessionId of ['ss_theirs', 'ss_made_up']) {
      const other = await submit({ first_name: 'Ann', sessionId });
      expect(other.body.sessionId).toMatch(/^ss_/);
      expect(other.body.sessionId).not.toBe(sessionId);
    }
  });
});

describe('contact_id', () => {
  it('attaches a submission without email or phone to the sticky contact its token proves', async () => {
    const first = await submit({ first_name: 'Ann', email: 'ann.sticky@example.com' });
    const { id, sticky_token } = first.body.contact as Loose;
    expect(sticky_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await submit({ goal: 'Grow', contact_id: id, contact_token: sticky_token });
    expect(again.status).toBe(200);
    expect(again.body.contact.id).toBe(id);
    expect(await contactOf(again.body.id)).toBe(id);
  });

  it('is ignored without its token, with a forged one, with another contact’s or another location’s', async () => {
    const ann = (await submit({ first_name: 'Ann', email: 'ann.victim@example.com' })).body.contact as Loose;
    const eve = (await submit({ first_name: 'Eve', email: 'eve@example.com' })).body.contact as Loose;
    const elsewhere = (await post('/form', multipart({ formId: 'frm_other', first_name: 'Ann', email: 'ann.victim@example.com' })).then((r) =>
      r.json(),
    )) as Loose;
    const tries = [
      { contact_id: ann.id },
      { contact_id: ann.id, contact_token: 'A'.repeat(43) },
      { contact_id: ann.id, contact_token: eve.sticky_token },
      { contact_id: elsewhere.contact.id, contact_token: elsewhere.contact.sticky_token },
    ];
    for (const claim of tries) {
      const sent = await submit({ goal: 'Take over', ...claim });
      expect(sent.status, JSON.stringify(claim)).toBe(200);
      expect(sent.body.contact.id).not.toBe(ann.id);
      expect(sent.body.contact.id).not.toBe(elsewhere.contact.id);
      expect(await contactOf(sent.body.id)).toBe(sent.body.contact.id);
    }
    // Ann's contact took nothing of it.
    const stored = await env.DB.prepare('SELECT custom_fields FROM contacts WHERE id = ?').bind(ann.id).first<{ custom_fields: string }>();
    expect(JSON.parse(stored?.custom_fields ?? '{}')).not.toHaveProperty('goal');
  });

  it('does not outrank an email: the email decides whose contact it is', async () => {
    const ann = (await submit({ first_name: 'Ann', email: 'ann.email@example.com' })).body.contact as Loose;
    const sent = await submit({ first_name: 'Bo', email: 'bo.email@example.com', contact_id: ann.id, contact_token: ann.sticky_token });
    expect(sent.body.contact.id).not.toBe(ann.id);
  });

  it("lands the order form's opt-in without email or phone on the sticky contact, and answers its token", async () => {
    const optin = async (body: Record<string, unknown>) => {
      const res = await post('/contact', { location_id: 'loc_v', name: 'Ann Optin', ...body });
      expect(res.status).toBe(200);
      return ((await res.json()) as Loose).contact as Loose;
    };
    const first = await optin({ email: 'ann.optin@example.com' });
    expect(first.sticky_token).toMatch(/^[\w-]{43}$/);
    expect((await optin({ contact_id: first.id, contact_token: first.sticky_token })).id).toBe(first.id);
    // A forged token, or none, claims nothing: a new contact.
    expect((await optin({ contact_id: first.id, contact_token: 'A'.repeat(43) })).id).not.toBe(first.id);
    expect((await optin({ contact_id: first.id })).id).not.toBe(first.id);
  });
});
