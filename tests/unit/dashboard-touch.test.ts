/*
 * What a seller reads of a contact's attribution (issue 27): each touch field under its label
 * ("Source", "Landing page"), its time, http(s) URLs as links that pass nothing on, one "First
 * and last touch" block when both are the same, and under a record of the timeline only the
 * touches that differ from the contact's.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/dashboard.json';
import { TOUCH_FIELDS } from '../../src/lib/attribution';
import { adminApi } from '../../src/dashboard/api';
import { DashboardProvider } from '../../src/dashboard/context';
import { type ActivityItem, Attribution, Timeline } from '../../src/dashboard/screens/contact-parts';
import { sameTouch, touchLabelKey } from '../../src/dashboard/touch';

const render = (child: ReturnType<typeof createElement>) =>
  renderToString(createElement(DashboardProvider, { lang: 'en', api: adminApi('csrf'), messages: en }, child));
/** The page's text, tags dropped, as a reader meets it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const AT = Date.UTC(2026, 5, 1, 9, 30);
const SPRING = {
  utm_source: 'news',
  utm_campaign: 'spring',
  gclid: 'abc',
  landing: 'https://shop.example/offer?utm_source=news',
  referrer: 'https://mail.example/',
  at: AT,
};
const SUMMER = { utm_source: 'ads', utm_medium: 'cpc', landing: 'https://shop.example/summer', at: AT + 86_400_000 };

describe("a contact's attribution", () => {
  it('names every touch field with a label of its own in every locale', () => {
    const labels = TOUCH_FIELDS.map((field) => (en as Record<string, string>)[touchLabelKey(field)]);
    expect(labels.every(Boolean)).toBe(true);
    expect(new Set(labels).size).toBe(TOUCH_FIELDS.length);
  });

  it('shows labels, the time and linked URLs, and one block when the first touch is the last', () => {
    const html = render(createElement(Attribution, { contact: { firstTouch: SPRING, lastTouch: { ...SPRING } }, zone: 'UTC' }));
    const shown = text(html);
    expect(shown).toContain('First and last touch');
    expect(shown).not.toContain('First touch ');
    const terms = [...html.matchAll(/<dt>(.*?)<\/dt>/g)].map((m) => m[1]);
    expect(terms).toEqual(['Time', 'Source', 'Campaign', 'Google Ads click', 'Referrer', 'Landing page']);
    expect(shown).toContain('Jun 1, 2026');
    expect(html).toContain('<a href="https://shop.example/offer?utm_source=news" rel="noopener noreferrer nofollow">');
    expect(html).toMatch(/<h2[^>]*>Attribution<\/h2>.*<h3>First and last touch<\/h3><dl/);
  });

  it('shows a first and a last touch when they differ', () => {
    const shown = text(render(createElement(Attribution, { contact: { firstTouch: SPRING, lastTouch: SUMMER }, zone: 'UTC' })));
    expect(shown).toContain('First touch');
    expect(shown).toContain('Last touch');
    expect(shown).toContain('Medium cpc');
  });

  it("shows a record's touches only where they differ from the contact's", () => {
    const contact = { firstTouch: SPRING, lastTouch: SUMMER };
    const items: ActivityItem[] = [
      { type: 'order', id: 'ord_1', createdAt: '2026-06-02T10:00:00Z', amountFormatted: '$1.00', status: 'paid', items: [], ...contact },
      {
        type: 'order',
        id: 'ord_2',
        createdAt: '2026-06-01T10:00:00Z',
        amountFormatted: '$2.00',
        status: 'paid',
        items: [],
        firstTouch: SPRING,
        lastTouch: SPRING,
      },
    ];
    const html = render(createElement(Timeline, { items, zone: 'UTC', contact }));
    // The first order carries the contact's touches: nothing under it; the second one its older last touch.
    expect(html.match(/<h4>/g)).toHaveLength(1);
    expect(html).toMatch(/\$2\.00.*<h4>Last touch<\/h4>/);
    expect(html).not.toMatch(/\$1\.00<\/h3>.*<h4>.*\$2\.00/);
  });

  it('compares every field, the time included', () => {
    expect(sameTouch(SPRING, { ...SPRING })).toBe(true);
    expect(sameTouch(SPRING, { ...SPRING, at: AT + 1 })).toBe(false);
    expect(sameTouch(SPRING, { ...SPRING, utm_term: 'x' })).toBe(false);
    expect(sameTouch(null, null)).toBe(true);
    expect(sameTouch(SPRING, null)).toBe(false);
  });
});
