import { describe, expect, it } from 'vitest';
import { actionMarkup } from '../../src/tree/action-markup';
import { ACTIONS, isActionName } from '../../src/lib/action-types';
import { funnelContextJson, parseFunnelContext } from '../../src/client/context';
import { isExitIntent } from '../../src/client/exit-intent';
import { trappedIndex } from '../../src/client/focus';
import { isChrome, shouldPrefetch } from '../../src/client/navigation';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, mayReload } from '../../src/client/reload-guard';
import { idList } from '../../src/client/visibility';

describe('funnel context', () => {
  it('fills every field and falls back to empty values', () => {
    const context = parseFunnelContext({ pageId: 'pg_1', notrack: 'true', funnelId: 7, membership: 'x', messages: { loading: 'Laden…' } });
    expect(context.pageId).toBe('pg_1');
    expect(context.funnelId).toBe('7');
    expect(context.notrack).toBe(true);
    expect(context.nextStepUrl).toBe('');
    expect(context.membership).toEqual({ token: '' });
    expect(context.messages).toEqual({ membershipError: 'Sorry something went wrong.', loading: 'Laden…' });
    expect(parseFunnelContext(null).pageId).toBe('');
  });

  it('serialises safely for a script element', () => {
    const json = funnelContextJson(parseFunnelContext({ pageName: '</script><script>alert(1)</script>&' }));
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(JSON.parse(json).pageName).toBe('</script><script>alert(1)</script>&');
  });
});

describe('actions', () => {
  it('knows the eleven actions of the seed, and mailto (the email address setting)', () => {
    expect(ACTIONS).toHaveLength(12);
    expect(isActionName('mailto')).toBe(true);
    expect(isActionName('openPopup')).toBe(true);
    expect(isActionName('open-popup')).toBe(false);
  });
});

describe('element id lists', () => {
  it('reads ids separated by commas and/or spaces', () => {
    expect(idList('sec_a,sec_b')).toEqual(['sec_a', 'sec_b']);
    expect(idList(' sec_a  #sec_b, row_c ')).toEqual(['sec_a', 'sec_b', 'row_c']);
    expect(idList(undefined)).toEqual([]);
  });
});

describe('popup focus trap', () => {
  it('wraps Tab from the last element to the first and Shift+Tab back', () => {
    expect(trappedIndex(3, 2, false)).toBe(0);
    expect(trappedIndex(3, 0, true)).toBe(2);
    expect(trappedIndex(3, 1, false)).toBeNull();
    expect(trappedIndex(3, -1, false)).toBe(0);
    expect(trappedIndex(3, -1, true)).toBe(2);
    expect(trappedIndex(0, -1, false)).toBeNull();
  });
});

describe('exit intent', () => {
  it('fires only when the pointer leaves through the top edge', () => {
    expect(isExitIntent({ clientY: 0, relatedTarget: null })).toBe(true);
    expect(isExitIntent({ clientY: -3, relatedTarget: null })).toBe(true);
    expect(isExitIntent({ clientY: 200, relatedTarget: null })).toBe(false);
    expect(isExitIntent({ clientY: 0, relatedTarget: {} })).toBe(false);
  });
});

describe('navigation', () => {
  it('skips prefetch on 2g and data saver', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('recognises chunk load errors and reloads once per window', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module: https://x/_astro/a.js')).toBe(true);
    expect(isChunkLoadError('Importing a module script failed.')).toBe(true);
    expect(isChunkLoadError('x is not a function')).toBe(false);
    const now = 1_800_000_000_000;
    expect(mayReload(null, now)).toBe(true);
    expect(mayReload(String(now - 1000), now)).toBe(false);
    expect(mayReload(String(now - CHUNK_RELOAD_WINDOW_MS - 1), now)).toBe(true);
  });

  it('applies the hash fix only in Chrome', () => {
    expect(isChrome('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36')).toBe(true);
    expect(isChrome('Mozilla/5.0 Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0')).toBe(false);
    expect(isChrome('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe(false);
  });
});

describe('action markup for the renderers', () => {
  const links = { nextStepUrl: 'https://shop.test/thanks', stepUrl: (path: string) => (path ? `https://shop.test/${path}` : '') };

  it('makes navigation actions real links', () => {
    expect(actionMarkup('go-to-next-funnel-step', {}, links)).toEqual({
      tag: 'a',
      attributes: { 'data-action': 'go-to-next-funnel-step', href: 'https://shop.test/thanks' },
    });
    expect(actionMarkup('go-to-funnel-step', { stepPath: 'upsell' }, links).attributes.href).toBe('https://shop.test/upsell');
    expect(actionMarkup('go-to-funnel-step', {}, links).attributes.href).toBe('#');
    expect(actionMarkup('url', { visitWebsite: { url: 'example.com', newTab: true } }, links).attributes).toEqual({
      'data-action': 'url',
      href: 'https://example.com',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(actionMarkup('url', { visitWebsite: { url: 'javascript:alert(1)' } }, links).attributes.href).toBe('#');
    expect(actionMarkup('click-to-call', { phoneNumber: '+1 (555) 123-4567' }, links).attributes.href).toBe('tel:+15551234567');
    expect(actionMarkup('click-to-sms', { phoneNumber: '+15551234567' }, links).attributes.href).toBe('sms:+15551234567');
    expect(actionMarkup('scroll-to-element', { scrollToElement: '#sec_faq' }, links).attributes).toEqual({
      'data-action': 'scroll-to-element',
      href: '#sec_faq',
      'data-scroll-to': 'sec_faq',
    });
  });

  it('makes in-page actions buttons with their data attributes', () => {
    expect(actionMarkup('openPopup', { popupId: 'popup_2' }, links)).toEqual({
      tag: 'button',
      attributes: { type: 'button', 'data-action': 'openPopup', 'data-popup-id': 'popup_2', 'aria-haspopup': 'dialog' },
    });
    expect(actionMarkup('hide-element', { hideElements: ['a', 'b'] }, links).attributes['data-hide-elements']).toBe('a,b');
    expect(actionMarkup('sell-product', { productId: { id: 'prod_1' } }, links).attributes['data-product-id']).toBe('prod_1');
    expect(actionMarkup('go-to-membership', {}, links).tag).toBe('button');
    expect(actionMarkup(undefined, {}, links).attributes['data-action']).toBe('none');
    expect(actionMarkup('teleport', {}, links).attributes['data-action']).toBe('teleport');
  });
});
