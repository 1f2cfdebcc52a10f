import { describe, expect, it } from 'vitest';
import { httpUrl, isHttpUrl, isSitePath } from '../../src/lib/http-url';
import { carryQuery, isPageLink, normaliseLink, redirectTarget } from '../../src/lib/links';

describe('normaliseLink', () => {
  it('adds https:// to targets without a protocol', () => {
    expect(normaliseLink('example.com/offer')).toBe('https://example.com/offer');
    expect(normaliseLink('  www.example.com ')).toBe('https://www.example.com');
    expect(normaliseLink('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(normaliseLink('//cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });

  it('keeps anchors, tel:, sms:, mailto:, http(s) and relative targets', () => {
    for (const target of [
      '#faq',
      'tel:+15551234',
      'sms:+15551234',
      'mailto:a@b.co',
      'http://a.co',
      'HTTPS://a.co/x?y=1',
      '/thank-you',
      './next',
      '../up',
      '?a=1',
    ]) {
      expect(normaliseLink(target)).toBe(target);
    }
  });

  it('turns unsafe or empty targets into #', () => {
    for (const target of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '',
      '   ',
    ]) {
      expect(normaliseLink(target)).toBe('#');
    }
    expect(normaliseLink(null)).toBe('#');
    expect(normaliseLink(undefined)).toBe('#');
  });
});

describe('redirectTarget (timer expire redirect)', () => {
  it('ignores empty and # values', () => {
    expect(redirectTarget('')).toBeNull();
    expect(redirectTarget('#')).toBeNull();
    expect(redirectTarget(' # ')).toBeNull();
    expect(redirectTarget(undefined)).toBeNull();
  });

  it('adds https:// when missing and follows only http(s)', () => {
    expect(redirectTarget('example.com/late')).toBe('https://example.com/late');
    expect(redirectTarget('http://example.com')).toBe('http://example.com');
    expect(redirectTarget('javascript:alert(1)')).toBeNull();
    expect(redirectTarget('tel:123')).toBeNull();
    expect(redirectTarget('#section')).toBeNull();
  });
});

describe('carryQuery', () => {
  it('adds the current query to the next step URL', () => {
    expect(carryQuery('https://shop.test/thanks', '?utm_source=fb&aff=7')).toBe('https://shop.test/thanks?utm_source=fb&aff=7');
    expect(carryQuery('/v2/preview/pg_2', 'a=1')).toBe('/v2/preview/pg_2?a=1');
  });

  it("lets the target's own keys win and keeps its hash", () => {
    expect(carryQuery('https://shop.test/t?aff=1#top', '?aff=9&x=2')).toBe('https://shop.test/t?aff=1&x=2#top');
  });

  it("never carries a preview's token: another site must not get it, and another step has its own", () => {
    expect(carryQuery('https://other.example/offer', '?preview_token=abc&utm_source=fb')).toBe('https://other.example/offer?utm_source=fb');
    expect(carryQuery('/v2/preview/pg_2?preview_token=own', '?preview_token=abc')).toBe('/v2/preview/pg_2?preview_token=own');
    expect(carryQuery('https://shop.test/next', 'preview_token=abc')).toBe('https://shop.test/next');
  });

  it('carries repeated keys whole', () => {
    expect(carryQuery('/next', '?tag=a&tag=b')).toBe('/next?tag=a&tag=b');
  });

  it('leaves anchors, tel:, sms:, mailto: and empty queries alone', () => {
    expect(carryQuery('#faq', '?a=1')).toBe('#faq');
    expect(carryQuery('tel:123', '?a=1')).toBe('tel:123');
    expect(carryQuery('/next', '')).toBe('/next');
    expect(carryQuery('/next', '?')).toBe('/next');
  });

  it('knows page links from in-page targets', () => {
    expect(isPageLink('/x')).toBe(true);
    expect(isPageLink('#x')).toBe(false);
    expect(isPageLink('mailto:a@b.co')).toBe(false);
  });
});

describe('http(s)-only link safety', () => {
  it('passes absolute http(s) URLs with a host, and site paths only where asked', () => {
    expect(['https://x.example/a', 'HTTP://x.example', ' http://x.example '].map(isHttpUrl)).toEqual([true, true, true]);
    expect(['javascript:alert(1)', 'data:text/html,x', '//x.example', 'https://', '/offer', 'x.example'].map(isHttpUrl)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([isSitePath('/offer'), isSitePath('//x.example'), isSitePath('offer')]).toEqual([true, false, false]);
  });

  it('resolves a link against a page, and refuses what is not http(s)', () => {
    expect(httpUrl('/accelerator?a=1', 'http://shop.example.test:8787/')?.href).toBe('http://shop.example.test:8787/accelerator?a=1');
    expect(httpUrl('javascript:alert(1)', 'https://shop.example/')).toBeNull();
    expect(httpUrl('/accelerator')).toBeNull();
    expect(httpUrl('https://x.example/a b')?.href).toBe('https://x.example/a%20b');
  });
});
