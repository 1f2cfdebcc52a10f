import { describe, expect, it } from 'vitest';
import type { ElementDefinition } from '../../src/elements/element-definition';
import { extraSchema as headingExtra } from '../../src/elements/heading/schema';
import { elementDefinition } from '../../src/elements/registry';
import { createI18n } from '../../src/lib/i18n';
import { attrs, esc } from '../../src/tree/html';
import { preparePage } from '../../src/tree/prepare-page';
import { renderTree, type Segment } from '../../src/tree/render-html';

const el = (id: string, meta: string, extra: Record<string, unknown> = {}, child: string[] = [], styles: Record<string, unknown> = {}) => ({
  id,
  type: meta === 'section' ? 'section' : 'element',
  meta,
  child,
  extra,
  styles,
  class: [],
});

// The real registry, and one type whose renderer throws.
const broken: ElementDefinition = {
  extra: headingExtra,
  html: () => {
    throw new Error('renderer bug');
  },
};
const definitionOf = (meta: string) => (meta === 'broken' ? broken : elementDefinition(meta));

function render(elements: ReturnType<typeof el>[], query = '') {
  const log: { event: string; detail: Record<string, unknown> }[] = [];
  const page = preparePage(
    { pageId: 'pg_1', funnelId: 'fn_1', stepId: 'st_1', elements, popups: [], funnelNextStep: 'https://shop.test/next' },
    {
      query,
      host: 'shop.test',
      isPreview: false,
      translator: createI18n('en'),
      log: (event, detail) => log.push({ event, detail }),
      now: new Date(Date.UTC(2026, 0, 1)),
    },
  );
  const segments = renderTree(
    page.sections.map((node) => ({ node, place: { sectionIndex: 0, inPopup: false } })),
    page.ctx,
    definitionOf,
  );
  return { segments, log };
}

const htmlOf = (segments: Segment[]) => segments.map((s) => (typeof s === 'string' ? s : `[island ${s.node.element.id}]`)).join('');

describe('the element tree as HTML', () => {
  it('renders containers around their children, in order, with the seller styles inline', () => {
    const { segments } = render([
      el('sec', 'section', { label: 'Hero' }, ['col']),
      el('col', 'column', {}, ['h', 'b']),
      el('h', 'heading', { text: 'Hello <b>you</b>', tag: 'h2' }, [], { fontSize: '40px' }),
      el('b', 'button', { text: 'Go', action: 'go-to-next-funnel-step' }),
    ]);
    expect(segments).toHaveLength(1);
    const html = htmlOf(segments);
    expect(html).toMatch(
      /^<section id="sec" class="ef-el ef-section" data-element="section" aria-label="Hero"><div class="ef-section-inner"><div id="col"[^>]*><h2 id="h"[^>]*style="font-size:40px">Hello <b>you<\/b><\/h2><div id="b"/,
    );
    expect(html).toContain('data-action="go-to-next-funnel-step"');
  });

  it('leaves islands to Astro as their own segments, between the HTML around them', () => {
    const { segments } = render([
      el('sec', 'section', {}, ['col']),
      el('col', 'column', {}, ['h', 'f', 'h2']),
      el('h', 'heading', { text: 'A' }),
      el('f', 'form'),
      el('h2', 'heading', { text: 'B' }),
    ]);
    expect(segments).toHaveLength(3);
    expect(segments[0]).toMatch(/<h1 id="h"[^>]*>A<\/h1>$/);
    expect(segments[1]).toMatchObject({ node: { element: { id: 'f' } }, place: { sectionIndex: 0 } });
    expect(segments[2]).toMatch(/^<h1 id="h2"[^>]*>B<\/h1><\/div><\/div><\/section>$/);
  });

  it('renders an element whose renderer throws as nothing, and the rest of the page', () => {
    const { segments } = render([
      el('sec', 'section', {}, ['x', 'h']),
      el('x', 'broken', {}, ['inner']),
      el('inner', 'heading', { text: 'inside' }),
      el('h', 'heading', { text: 'after' }),
    ]);
    const html = htmlOf(segments);
    expect(html).not.toContain('inside');
    expect(html).toContain('>after</h1>');
    expect(html).toMatch(/<\/section>$/);
  });

  it('logs an unknown element type and renders the rest', () => {
    const { segments, log } = render([el('sec', 'section', {}, ['m', 'h']), el('m', 'marquee'), el('h', 'heading', { text: 'ok' })]);
    expect(htmlOf(segments)).toContain('>ok</h1>');
    expect(log).toContainEqual({ event: 'element.unknown-type', detail: { elementId: 'm', meta: 'marquee' } });
  });

  it('escapes what the visitor sends (the query carried to step links) and menu text', () => {
    const { segments } = render(
      [
        el('sec', 'section', {}, ['b', 'n']),
        el('b', 'button', { text: 'Go', action: 'go-to-next-funnel-step' }),
        el('n', 'nav-menu', { menuItems: [{ title: 'A <i>&</i> "B"', goTo: 'url', url: 'https://x.test/?a=1&b=2', openInNewTab: true }] }),
      ],
      'utm="><script>alert(1)</script>',
    );
    const html = htmlOf(segments);
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/href="\/next\?utm=[^"<>]*"/);
    expect(html).toContain('A &#60;i&#62;&#38;&#60;/i&#62; &#34;B&#34;');
    // A new-tab link carries target and rel once.
    expect(html.match(/target="_blank"/g)).toHaveLength(1);
  });
});

describe('HTML attributes', () => {
  it('writes attributes the way Astro does', () => {
    expect(attrs({ a: 'x', b: undefined, c: null, d: false, hidden: true, alt: '', n: 3 })).toBe(' a="x" hidden alt n="3"');
    expect(attrs({ title: '"><img src=x onerror=alert(1)>' })).toBe(' title="&#34;&#62;&#60;img src=x onerror=alert(1)&#62;"');
    expect(attrs({ 'bad name': 'x', 'on"x': 'y' })).toBe('');
    expect(esc("a & b < c > d ' e")).toBe('a &#38; b &#60; c &#62; d &#39; e');
  });
});
