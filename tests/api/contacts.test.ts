import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { getContact, upsertContact } from '../../src/platform/services/contacts';

beforeAll(async () => {
  await env.DB.prepare("INSERT INTO locations (id, name, created_at, updated_at) VALUES ('loc_a', 'A', 0, 0)").run();
});

describe('upsertContact', () => {
  it('keeps one contact per location and email, filling in and never blanking fields', async () => {
    const first = await upsertContact(env.DB, { locationId: 'loc_a', email: 'Ann@Example.com', fullName: 'Ann Lee', phone: '+12025550123' }, 1);
    expect(first.created).toBe(true);
    const again = await upsertContact(env.DB, { locationId: 'loc_a', email: 'ann@example.com', city: 'Boston', phone: '' }, 2);
    expect(again).toEqual({ id: first.id, created: false });
    const row = await getContact(env.DB, first.id);
    expect(row).toMatchObject({ email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', city: 'Boston', phone: '+12025550123', updated_at: 2 });
  });

  it('matches a contact without email by phone', async () => {
    const a = await upsertContact(env.DB, { locationId: 'loc_a', phone: '+12025550199', firstName: 'Bo' }, 3);
    const b = await upsertContact(env.DB, { locationId: 'loc_a', phone: '+12025550199', lastName: 'Ng' }, 4);
    expect(b.id).toBe(a.id);
    expect(await getContact(env.DB, a.id)).toMatchObject({ first_name: 'Bo', last_name: 'Ng' });
  });

  it('merges custom fields', async () => {
    const a = await upsertContact(env.DB, { locationId: 'loc_a', email: 'c@x.io', customFields: { plan: 'pro' } }, 5);
    await upsertContact(env.DB, { locationId: 'loc_a', email: 'c@x.io', customFields: { size: 'L' } }, 6);
    const row = await getContact(env.DB, a.id);
    expect(JSON.parse(row?.custom_fields ?? '{}')).toEqual({ plan: 'pro', size: 'L' });
  });
});
