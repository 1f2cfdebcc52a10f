import { describe, expect, it } from 'vitest';
import { isValidFingerprint, newFingerprint } from '../../src/lib/ids';
import { parseCookies, readCookie, serializeCookie } from '../../src/lib/tracking/cookies';
import { isNotrack, pageViewEvent, sessionRecord } from '../../src/lib/tracking/events';
import { fingerprintCookieOptions, resolveFingerprint } from '../../src/lib/tracking/fingerprint';
import { isLocalDevelopmentHost, membershipCookieName, membershipToken, membershipUrl } from '../../src/lib/tracking/membership';
import { pixelPlan } from '../../src/lib/tracking/pixel';

const page = {
  funnelId: 'fn_demo',
  pageId: 'pg_optin',
  stepId: 'st_optin',
  locationId: 'loc_demo',
  pageName: 'Free guide',
  domain: 'shop.test',
  pageUrl: '/optin',
};
const uuid = '3f2a1c9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

describe('cookies', () => {
  it('parses a cookie header, first value winning, values decoded', () => {
    const cookies = parseCookies('a=1; b=hello%20world; a=2; broken; =x; c=%E0%A4%A');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('hello world');
    expect(cookies.get('c')).toBe('%E0%A4%A');
    expect(readCookie('', 'a')).toBeNull();
    expect(readCookie(null, 'a')).toBeNull();
  });

  it('serialises with lifetime, path and SameSite', () => {
    expect(serializeCookie('fingerprint', uuid, fingerprintCookieOptions(true))).toBe(`fingerprint=${uuid}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`);
    expect(serializeCookie('t', 'a b', { maxAge: 86400 })).toBe('t=a%20b; Max-Age=86400; Path=/; SameSite=Lax');
  });
});

describe('fingerprint', () => {
  it('keeps a valid fingerprint cookie', () => {
    expect(resolveFingerprint(`x=1; fingerprint=${uuid}`, () => 'new')).toEqual({ fingerprint: uuid, write: false });
  });

  it('issues a new one when there is none', () => {
    expect(resolveFingerprint('x=1', () => uuid)).toEqual({ fingerprint: uuid, write: true });
  });

  it('replaces an invalid value and reports it as old_fingerprint', () => {
    expect(resolveFingerprint('fingerprint=not-a-uuid', () => uuid)).toEqual({ fingerprint: uuid, oldFingerprint: 'not-a-uuid', write: true });
    expect(isValidFingerprint(uuid)).toBe(true);
    expect(isValidFingerprint(uuid.toUpperCase())).toBe(false);
    expect(isValidFingerprint(crypto.randomUUID())).toBe(true);
  });

  it('makes random UUID v4 fingerprints without crypto.randomUUID (plain-http pages)', () => {
    expect(newFingerprint((size) => new Uint8Array(size).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newFingerprint((size) => new Uint8Array(size))).toBe('00000000-0000-4000-8000-000000000000');
    const many = new Set(Array.from({ length: 50 }, () => newFingerprint()));
    expect(many.size).toBe(50);
    for (const value of many) expect(isValidFingerprint(value)).toBe(true);
  });
});

describe('page view and session', () => {
  it('builds the page_view event with the seed fields', () => {
    expect(pageViewEvent(page, uuid)).toEqual({
      funnel_id: 'fn_demo',
      page_id: 'pg_optin',
      domain_name: 'shop.test',
      page_url: '/optin',
      fingerprint: uuid,
      funnel_step_id: 'st_optin',
      event_type: 'page_view',
    });
    expect(pageViewEvent(page, uuid, 'old').old_fingerprint).toBe('old');
  });

  it('builds the session record', () => {
    expect(sessionRecord(page, uuid)).toEqual({ locationId: 'loc_demo', type: 'funnel', id: 'pg_optin', name: 'Free guide', fingerprint: uuid });
  });

  it('detects notrack from the context or the URL', () => {
    expect(isNotrack(true, '')).toBe(true);
    expect(isNotrack(false, '?notrack')).toBe(true);
    expect(isNotrack(false, '?a=1&notrack=true')).toBe(true);
    expect(isNotrack(false, '?notrack=false')).toBe(false);
    expect(isNotrack(false, '?track=1')).toBe(false);
    expect(isNotrack(undefined, '')).toBe(false);
  });
});

describe('pixel', () => {
  it('is off without a pixel id', () => {
    expect(pixelPlan('', 'PageView')).toEqual({ kind: 'off' });
    expect(pixelPlan(undefined, undefined)).toEqual({ kind: 'off' });
  });

  it('tracks PageView by default, the page event when set, nothing for None', () => {
    expect(pixelPlan('123', '')).toEqual({ kind: 'on', pixelId: '123', event: 'PageView' });
    expect(pixelPlan('123', 'SubmitApplication')).toEqual({ kind: 'on', pixelId: '123', event: 'SubmitApplication' });
    expect(pixelPlan(' 123 ', 'None')).toEqual({ kind: 'on', pixelId: '123', event: null });
  });
});

describe('membership', () => {
  it('prefers the cookie, then local storage', () => {
    expect(membershipCookieName('loc_demo')).toBe('membership_loc_demo');
    expect(membershipToken('tok_c', 'tok_s')).toBe('tok_c');
    expect(membershipToken(null, 'tok_s')).toBe('tok_s');
    expect(membershipToken('undefined', '')).toBeNull();
  });

  const origin = 'https://shop.test';

  it('builds the library URL', () => {
    expect(membershipUrl({ previewUrl: 'https://members.shop.test/', locationId: 'loc_demo', token: 'a b', origin })).toBe(
      'https://members.shop.test/library?token=a+b&location_id=loc_demo',
    );
    expect(membershipUrl({ previewUrl: 'http://localhost:3000', locationId: 'loc_demo', token: 't', origin, localDomain: 'shop.test' })).toBe(
      'http://localhost:3000/library?domain=shop.test&token=t&location_id=loc_demo',
    );
  });

  it('resolves a site path against the page, and leaves the token out for a visitor without one', () => {
    expect(membershipUrl({ previewUrl: '/demo/members', locationId: 'loc_demo', token: null, origin })).toBe(
      'https://shop.test/demo/members/library?location_id=loc_demo',
    );
  });

  it('refuses a missing or unsafe preview URL', () => {
    expect(membershipUrl({ previewUrl: '', locationId: 'loc_demo', token: 't', origin })).toBeNull();
    expect(membershipUrl({ previewUrl: 'javascript:alert(1)', locationId: 'loc_demo', token: 't', origin })).toBeNull();
    expect(membershipUrl({ previewUrl: '//evil.test', locationId: 'loc_demo', token: 't', origin })).toBeNull();
    expect(isLocalDevelopmentHost('localhost')).toBe(true);
    expect(isLocalDevelopmentHost('shop.test')).toBe(false);
  });
});
