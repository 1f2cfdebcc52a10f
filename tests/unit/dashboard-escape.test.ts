/*
 * Visitor input on the dashboard is text, never markup: a contact's timeline (answers, a
 * booking's notes, an order's item names), its attribution values and its file names,
 * rendered by the dashboard's own components with XSS payloads in each.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/dashboard.json';
import { adminApi } from '../../src/dashboard/api';
import { DashboardProvider } from '../../src/dashboard/context';
import { type ActivityItem, Attribution, FileList, Timeline } from '../../src/dashboard/screens/contact-parts';

const PAYLOADS = ['<img src=x onerror=alert(1)>', '"><script>alert(2)</script>', "javascript:alert('3')", '<svg/onload=alert(4)>'];

const render = (child: ReturnType<typeof createElement>) =>
  renderToString(createElement(DashboardProvider, { lang: 'en', api: adminApi('csrf'), messages: en }, child));

const TAGS = new Set(['ol', 'ul', 'li', 'p', 'h2', 'h3', 'h4', 'dl', 'dt', 'dd', 'div', 'section', 'a']);

/** No payload survives as markup: only the components' own tags, no event handler, no script URL. */
function expectInert(html: string): void {
  const tags = [...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => (m[1] ?? '').toLowerCase());
  expect(tags.filter((tag) => !TAGS.has(tag))).toEqual([]);
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(html).not.toMatch(/<[^>]*href="\s*javascript:/i);
}

describe('the dashboard escapes visitor input', () => {
  it('in answers, notes and item names of the timeline', () => {
    const items: ActivityItem[] = [
      {
        type: 'submission',
        id: 'sub_1',
        kind: 'form',
        createdAt: '2026-06-01T10:00:00Z',
        answers: Object.fromEntries(PAYLOADS.map((p, i) => [`${p} label ${i}`, p])),
      },
      {
        type: 'appointment',
        id: 'ap_1',
        createdAt: '2026-06-01T11:00:00Z',
        calendarName: PAYLOADS[0],
        startTime: '2026-06-02T10:00:00Z',
        timezone: 'UTC',
        status: 'booked',
        notes: PAYLOADS[1],
      },
      {
        type: 'order',
        id: 'ord_1',
        createdAt: '2026-06-01T12:00:00Z',
        amountFormatted: '$1.00',
        status: 'paid',
        items: [{ name: PAYLOADS[3], amountFormatted: '$1.00' }],
      },
    ];
    const html = render(createElement(Timeline, { items, zone: 'UTC', contact: {} }));
    expectInert(html);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('in attribution values', () => {
    const touch = { utm_source: PAYLOADS[0], utm_campaign: PAYLOADS[1], referrer: PAYLOADS[2], landing: PAYLOADS[3], at: 1 };
    const html = render(createElement(Attribution, { contact: { firstTouch: touch, last_touch: JSON.stringify(touch) }, zone: 'UTC' }));
    expectInert(html);
    expect(html).toContain('&lt;svg/onload=alert(4)&gt;');
    // Neither a script URL nor any text that is no http(s) URL becomes a link.
    expect(html).not.toContain('<a');
  });

  it('in file names, whose links are the signed ones the server made', () => {
    const files = PAYLOADS.map((name, i) => ({
      id: `up_${i}`,
      field: PAYLOADS[0] as string,
      filename: name,
      size: 10,
      link: { url: `/files/up_${i}?exp=1&sig=x`, expires_at: 1 },
    }));
    const html = render(createElement(FileList, { files }));
    expectInert(html);
    expect(html).toContain('href="/files/up_0?exp=1&amp;sig=x"');
  });
});
