import { describe, expect, it } from 'vitest';
import { elementAction } from '../../src/tree/actions';
import type { RenderContext } from '../../src/tree/context';
import { imageUrl } from '../../src/tree/images';
import { findStepUrl, localHref, nextStepHref, stepLinks } from '../../src/tree/links';
import { cssUrl, inlineStyle } from '../../src/tree/styles';

const doc = {
  funnelNextStep: 'https://shop.example/thanks',
  funnelSteps: [
    { id: 'st_1', url: 'https://shop.example/', value: 'Opt-in' },
    { id: 'st_2', url: 'https://shop.example/upsell', value: 'Upsell' },
  ],
  elements: [],
  popups: [],
};

describe('step links', () => {
  it('makes URLs on the requested host root-relative and leaves other hosts alone', () => {
    expect(localHref('https://shop.example/upsell?a=1#x', 'shop.example')).toBe('/upsell?a=1#x');
    expect(localHref('https://other.example/upsell', 'shop.example')).toBe('https://other.example/upsell');
    expect(localHref('/v2/preview/pg_1', 'shop.example')).toBe('/v2/preview/pg_1');
  });

  it('finds a step by id, URL, path or name, and carries the query', () => {
    const links = stepLinks({ doc, host: 'shop.example', query: 'utm=1' });
    expect(links.nextStepUrl).toBe('/thanks?utm=1');
    for (const ref of ['st_2', 'https://shop.example/upsell', '/upsell', 'upsell', 'Upsell']) expect(links.stepUrl(ref)).toBe('/upsell?utm=1');
    expect(links.stepUrl('st_gone')).toBe('');
    expect(findStepUrl(doc, '/elsewhere')).toBe('/elsewhere');
    expect(stepLinks({ doc, host: 'localhost', query: '' }).nextStepUrl).toBe('https://shop.example/thanks');
    expect(nextStepHref({ doc: { funnelNextStep: '' }, host: 'x' })).toBe('');
  });
});

describe('elementAction', () => {
  const log: string[] = [];
  const ctx = { doc, host: 'shop.example', query: 'utm=1', log: (event: string) => log.push(event) } as unknown as RenderContext;
  const act = (action: string, extra: Record<string, unknown> = {}) => elementAction(ctx, 'btn', action, extra);

  it('makes navigation actions real links and in-page actions buttons', () => {
    expect(act('go-to-next-funnel-step')).toEqual({ tag: 'a', attributes: { 'data-action': 'go-to-next-funnel-step', href: '/thanks?utm=1' } });
    expect(act('go-to-funnel-step', { stepPath: 'st_2' }).attributes.href).toBe('/upsell?utm=1');
    expect(act('url', { visitWebsite: { url: 'example.com', newTab: true } }).attributes).toMatchObject({ href: 'https://example.com', target: '_blank' });
    expect(act('click-to-call', { phoneNumber: '+1 (555) 010-2030' }).attributes.href).toBe('tel:+15550102030');
    expect(act('sell-product', { productId: { id: 'prod_1' }, saleAction: 'go-to-next-funnel-step' }).attributes).toMatchObject({
      'data-product-id': 'prod_1',
      'data-sale-action': 'go-to-next-funnel-step',
    });
    expect(act('openPopup', { popupId: 'popup_1' })).toEqual({
      tag: 'button',
      attributes: { type: 'button', 'data-action': 'openPopup', 'data-popup-id': 'popup_1', 'aria-haspopup': 'dialog' },
    });
  });

  it('gives a sale every action of the seed as its follow-up, and mails the email address setting', () => {
    const sale = (saleAction: string, extra: Record<string, unknown> = {}) => act('sell-product', { productId: { id: 'p' }, saleAction, ...extra }).attributes;
    expect(sale('')).toMatchObject({ 'data-sale-action': 'go-to-next-funnel-step', 'data-sale-target': '/thanks?utm=1' });
    expect(sale('go-to-funnel-step', { stepPath: 'st_2' })).toMatchObject({ 'data-sale-target': '/upsell?utm=1' });
    expect(sale('url', { visitWebsite: { url: 'example.com/welcome', newTab: true } })).toMatchObject({ 'data-sale-target': 'https://example.com/welcome' });
    expect(sale('url', { visitWebsite: { url: 'example.com', newTab: true } })).not.toHaveProperty('target');
    expect(sale('openPopup', { popupId: 'popup_2' })).toMatchObject({ 'data-sale-action': 'openPopup', 'data-popup-id': 'popup_2' });
    expect(sale('hide-element', { hideElements: ['a', 'b'] })).toMatchObject({ 'data-hide-elements': 'a,b' });
    expect(sale('scroll-to-element', { scrollToElement: 'sec_1' })).toMatchObject({ 'data-scroll-to': 'sec_1' });
    expect(sale('scroll-to-element', { scrollToElement: 'sec_1' })).not.toHaveProperty('data-sale-target');
    expect(sale('click-to-call', { phoneNumber: '+1 555 010' })).toMatchObject({ 'data-sale-target': 'tel:+1555010' });
    expect(sale('go-to-membership')).toEqual({ 'data-action': 'sell-product', type: 'button', 'data-product-id': 'p', 'data-sale-action': 'go-to-membership' });
    expect(sale('none')).toMatchObject({ 'data-sale-action': 'none' });
    expect(act('mailto', { emailAddress: 'hello@shop.example' }).attributes.href).toBe('mailto:hello@shop.example');
    expect(act('mailto', { emailAddress: 'not an address' }).attributes.href).toBe('#');
    expect(act('url', { visitWebsite: { url: '' }, emailAddress: 'hello@shop.example' }).attributes.href).toBe('mailto:hello@shop.example');
  });

  it("links a missing step to '#' and logs it; logs unknown actions", () => {
    log.length = 0;
    expect(act('go-to-funnel-step', { stepPath: 'st_gone' }).attributes.href).toBe('#');
    expect(act('teleport').attributes['data-action']).toBe('teleport');
    expect(log).toEqual(['action.step-missing', 'action.unknown']);
  });
});

describe('images and styles', () => {
  it('rewrites storage-bucket images to the CDN when one is set', () => {
    expect(imageUrl('https://storage.googleapis.com/b/x.png', 'https://cdn.test/')).toBe('https://cdn.test/b/x.png');
    expect(imageUrl('https://storage.googleapis.com/b/x.png')).toBe('https://storage.googleapis.com/b/x.png');
    expect(imageUrl('javascript:alert(1)', 'https://cdn.test')).toBeNull();
  });

  it('turns camelCase styles into safe inline CSS', () => {
    expect(inlineStyle({ backgroundColor: '#fff', WebkitBoxShadow: 'none', paddingTop: 8 })).toBe(
      'background-color:#fff;-webkit-box-shadow:none;padding-top:8',
    );
    expect(inlineStyle({ color: 'red;position:fixed', 'bad name': 'x', width: 'expression(alert(1))' })).toBe('color:redposition:fixed;width:alert(1))');
    expect(cssUrl('https://x.test/a".png')).toBe('url("https://x.test/a%22.png")');
    expect(cssUrl('javascript:alert(1)')).toBeNull();
  });
});
