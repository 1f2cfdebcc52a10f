import { describe, expect, it } from 'vitest';
import { resolveAction } from '../../src/tree/actions';
import { imageUrl } from '../../src/tree/images';
import { carryQuery, normalizeLink } from '../../src/tree/links';
import { cssUrl, inlineStyle } from '../../src/tree/styles';

const doc = {
  funnelNextStep: 'https://shop.example/thanks',
  funnelSteps: [{ id: 'st_2', url: 'https://shop.example/upsell' }],
  elements: [],
  popups: [],
};

describe('normalizeLink', () => {
  it('adds https:// when missing and keeps anchors, tel, sms, mailto and paths', () => {
    expect(normalizeLink('example.com/a')).toBe('https://example.com/a');
    expect(normalizeLink('http://x.test')).toBe('http://x.test');
    expect(normalizeLink('//cdn.test/x')).toBe('https://cdn.test/x');
    for (const kept of ['#top', 'tel:+1555', 'sms:+1555', 'mailto:a@b.c', '/thanks']) expect(normalizeLink(kept)).toBe(kept);
    expect(normalizeLink('localhost:8080/x')).toBe('https://localhost:8080/x');
  });

  it('refuses other schemes and empty values', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', '', '   ', 42]) expect(normalizeLink(bad)).toBeNull();
  });
});

describe('carryQuery', () => {
  it("carries the query to the target; the target's own keys win", () => {
    expect(carryQuery('/next', 'utm_source=x')).toBe('/next?utm_source=x');
    expect(carryQuery('/next#a', '?b=1')).toBe('/next?b=1#a');
    expect(carryQuery('/next?own=1&b=2', 'b=1&c=3')).toBe('/next?own=1&b=2&c=3');
    expect(carryQuery('#anchor', 'b=1')).toBe('#anchor');
  });
});

describe('resolveAction', () => {
  const resolve = (settings: Record<string, unknown>, log: string[] = []) =>
    resolveAction({ settings, doc, query: 'utm=1' }, (event) => log.push(event), 'btn');

  it('makes navigation actions real links', () => {
    expect(resolve({ action: 'go-to-next-funnel-step' })).toEqual({ kind: 'link', action: 'go-to-next-funnel-step', href: 'https://shop.example/thanks?utm=1', newTab: false });
    expect(resolve({ action: 'go-to-funnel-step', stepPath: 'st_2' })).toMatchObject({ href: 'https://shop.example/upsell?utm=1' });
    expect(resolve({ action: 'url', visitWebsite: { url: 'example.com', newTab: true } })).toMatchObject({ href: 'https://example.com', newTab: true });
    expect(resolve({ action: 'click-to-call', phoneNumber: '+1 (555) 010-2030' })).toMatchObject({ href: 'tel:+15550102030' });
    expect(resolve({ action: 'click-to-sms', phoneNumber: '555 0100' })).toMatchObject({ href: 'sms:5550100' });
    expect(resolve({ action: 'scroll-to-element', scrollToElement: 'sec_2' })).toMatchObject({ href: '#sec_2' });
  });

  it('leaves scripted actions to the islands with their settings', () => {
    expect(resolve({ action: 'openPopup', popupId: 'popup_1' })).toEqual({ kind: 'script', action: 'openPopup', data: { popupId: 'popup_1' } });
    expect(resolve({ action: 'sell-product', productId: { id: 'prod_1' } })).toEqual({ kind: 'script', action: 'sell-product', data: { productId: 'prod_1' } });
  });

  it("falls back to '#' and logs when a step is missing; logs unknown actions", () => {
    const log: string[] = [];
    expect(resolve({ action: 'go-to-funnel-step', stepPath: 'st_gone' }, log)).toMatchObject({ href: '#' });
    expect(resolve({ action: 'teleport' }, log)).toEqual({ kind: 'none' });
    expect(resolve({ action: 'url', visitWebsite: { url: 'javascript:alert(1)' } }, log)).toEqual({ kind: 'none' });
    expect(log).toEqual(['action.step-missing', 'action.unknown', 'action.target-missing']);
  });
});

describe('images and styles', () => {
  it('rewrites storage-bucket images to the CDN when one is set', () => {
    expect(imageUrl('https://storage.googleapis.com/b/x.png', 'https://cdn.test/')).toBe('https://cdn.test/b/x.png');
    expect(imageUrl('https://storage.googleapis.com/b/x.png')).toBe('https://storage.googleapis.com/b/x.png');
    expect(imageUrl('javascript:alert(1)', 'https://cdn.test')).toBeNull();
  });

  it('turns camelCase styles into safe inline CSS', () => {
    expect(inlineStyle({ backgroundColor: '#fff', WebkitBoxShadow: 'none', paddingTop: 8 })).toBe('background-color:#fff;-webkit-box-shadow:none;padding-top:8');
    expect(inlineStyle({ color: 'red;position:fixed', 'bad name': 'x', width: 'expression(alert(1))' })).toBe('color:redposition:fixed;width:alert(1))');
    expect(cssUrl('https://x.test/a".png')).toBe('url("https://x.test/a%22.png")');
    expect(cssUrl('javascript:alert(1)')).toBeNull();
  });
});
