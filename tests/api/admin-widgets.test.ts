import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, location, put } from './admin-support';

const provider = (id: string, slug: string) => ({ id, locationId: 'loc_a', slug, name: 'Acme team' });
const calendar = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  locationId: 'loc_a',
  providerId: 'prov_a',
  slug: id.replace(/_/g, '-'),
  name: 'Intro call',
  slot_duration: 30,
  timezone: 'America/New_York',
  ...extra,
});

async function row(sql: string, ...params: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...params)
    .first<Record<string, unknown>>();
}

beforeAll(async () => {
  await put('/locations/loc_a', location('loc_a'));
  await put('/locations/loc_b', location('loc_b'));
});

describe('forms and surveys', () => {
  it('stores, replaces and removes a form and a survey', async () => {
    expect(
      (await admin('PUT', '/forms/form_a', { id: 'form_a', locationId: 'loc_a', name: 'Contact us', form: { fields: [{ tag: 'email', type: 'email' }] } }))
        .status,
    ).toBe(201);
    expect((await admin('PUT', '/forms/form_a', { id: 'form_a', locationId: 'loc_a', name: 'Contact' })).status).toBe(200);
    expect(await row('SELECT name FROM forms WHERE id = ?', 'form_a')).toEqual({ name: 'Contact' });
    expect((await admin('PUT', '/surveys/sv_a', { id: 'sv_a', locationId: 'loc_a', name: 'Quiz', formData: { slides: [] } })).status).toBe(201);
    expect((await admin('DELETE', '/surveys/sv_a')).status).toBe(200);
    expect(await row('SELECT id FROM surveys WHERE id = ?', 'sv_a')).toBeNull();
  });

  it('refuses a nameless form, a form of an unknown location and a mismatched id', async () => {
    for (const [path, body, status, msg] of [
      ['/forms/form_x', { id: 'form_x', locationId: 'loc_a' }, 400, 'name: Invalid key: Expected "name" but received undefined'],
      ['/forms/form_x', { id: 'form_x', locationId: 'loc_a', name: '   ' }, 400, 'name: is required'],
      ['/forms/form_x', { id: 'form_x', locationId: 'loc_zz', name: 'X' }, 409, 'locationId: Location loc_zz does not exist'],
      ['/surveys/sv_x', { id: 'sv_y', locationId: 'loc_a', name: 'X' }, 400, "The id in the path (sv_x) differs from the document's id (sv_y)"],
      ['/surveys/sv_x', { id: 'sv_x', locationId: 12, name: 'X' }, 400, 'locationId: Invalid type: Expected string but received 12'],
    ] as const) {
      const res = await admin('PUT', path, body);
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as { msg: string }).msg, path).toBe(msg);
    }
    expect(await row('SELECT count(*) AS n FROM forms WHERE id = ?', 'form_x')).toEqual({ n: 0 });
  });
});

describe('calendar providers and calendars', () => {
  it('stores the indexed columns of a calendar', async () => {
    await put('/calendar-providers/prov_a', provider('prov_a', 'acme-team'));
    await put('/forms/form_book', { id: 'form_book', locationId: 'loc_a', name: 'Booking' });
    const res = await admin('PUT', '/calendars/cal_a', calendar('cal_a', { form_id: 'form_book', date_added: 1_700_000_000_000 }));
    expect(res.status).toBe(201);
    expect(await row('SELECT provider_id, slug, timezone, slot_duration, form_id, date_added FROM calendars WHERE id = ?', 'cal_a')).toEqual({
      provider_id: 'prov_a',
      slug: 'cal-a',
      timezone: 'America/New_York',
      slot_duration: 30,
      form_id: 'form_book',
      date_added: 1_700_000_000_000,
    });
  });

  it('keeps date_added when a later PUT leaves it out', async () => {
    await put('/calendars/cal_a', calendar('cal_a', { name: 'Renamed', form_id: 'form_book' }));
    expect(await row('SELECT name, date_added FROM calendars WHERE id = ?', 'cal_a')).toEqual({ name: 'Renamed', date_added: 1_700_000_000_000 });
  });

  it('refuses taken slugs, unknown or foreign parents and bad values', async () => {
    await put('/calendar-providers/prov_b', provider('prov_b', 'b-team'));
    const cases: [string, unknown, number, RegExp][] = [
      ['/calendar-providers/prov_c', provider('prov_c', 'acme-team'), 409, /slug: acme-team is already used by prov_a/],
      ['/calendars/cal_b', calendar('cal_b', { slug: 'cal-a' }), 409, /slug/],
      ['/calendars/cal_b', calendar('cal_b', { providerId: 'prov_none' }), 409, /providerId/],
      ['/calendars/cal_b', calendar('cal_b', { form_id: 'form_none' }), 409, /form_id/],
      ['/calendars/cal_b', calendar('cal_b', { locationId: 'loc_b' }), 409, /belongs to another location/],
      ['/calendars/cal_b', calendar('cal_b', { slot_duration: 0 }), 400, /slot_duration/],
      ['/calendars/cal_b', calendar('cal_b', { slot_duration: '30' }), 400, /slot_duration/],
      ['/calendars/cal_b', calendar('cal_b', { timezone: 'Nowhere/City' }), 400, /timezone/],
    ];
    for (const [path, body, status, msg] of cases) {
      const res = await admin('PUT', path, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { msg: string }).msg).toMatch(msg);
    }
    expect(await row("SELECT count(*) AS n FROM calendars WHERE id = 'cal_b'")).toEqual({ n: 0 });
    expect(await row("SELECT count(*) AS n FROM calendar_providers WHERE id = 'prov_c'")).toEqual({ n: 0 });
  });

  it('removes a provider, form or calendar only when nothing depends on it', async () => {
    expect((await admin('DELETE', '/calendar-providers/prov_a')).status).toBe(409);
    expect((await admin('DELETE', '/forms/form_book')).status).toBe(409);
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO appointments (id, calendar_id, location_id, start_time, end_time, selected_timezone, created_at, updated_at) VALUES ('ap_1', 'cal_a', 'loc_a', ?1, ?2, 'UTC', ?1, ?1)",
    )
      .bind(now + 86_400_000, now + 88_200_000)
      .run();
    const refused = await admin('DELETE', '/calendars/cal_a');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/1 upcoming appointment/);
    await env.DB.prepare("UPDATE appointments SET status = 'cancelled' WHERE id = 'ap_1'").run();
    expect((await admin('DELETE', '/calendars/cal_a')).status).toBe(200);
    expect((await admin('DELETE', '/calendar-providers/prov_a')).status).toBe(200);
    expect((await admin('DELETE', '/forms/form_book')).status).toBe(200);
  });
});
