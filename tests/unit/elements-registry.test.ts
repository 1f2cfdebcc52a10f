import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { progressStep } from '../../src/elements/progress-bar/schema';
import { menuAction } from '../../src/elements/nav-menu/menu-link';
import { menuItem } from '../../src/elements/nav-menu/schema';
import type { ElementDefinition } from '../../src/elements/element-definition';
import { islandSheets } from '../../src/elements/island-styles';
import { elementDefinition, elementRegistry, TIMER_METAS } from '../../src/elements/registry';
import { parseExtra } from '../../src/tree/extra';

const schemas = import.meta.glob<{ extraSchema: v.GenericSchema }>('../../src/elements/*/schema.ts', { eager: true });
const definitionFiles = Object.keys(import.meta.glob('../../src/elements/*/definition.ts'));
const astroFiles = Object.keys(import.meta.glob('../../src/elements/*/*.astro', { query: '?raw' }));
const folderOf = (path: string) => /elements\/([^/]+)\//.exec(path)?.[1];

/** Every `meta` requirements DOC-LAYOUT names. */
const DOC_LAYOUT_METAS = [
  'section',
  'row',
  'column',
  'heading',
  'sub-heading',
  'paragraph',
  'bullet-list',
  'button',
  'image',
  'video',
  'custom-code',
  'one-step-order',
  'two-setp-order',
  'countdown',
  'day-timer',
  'minute-timer',
  'form',
  'calendar',
  'survey',
  'divider',
  'nav-menu',
  'map',
  'svg',
  'progress-bar',
  'image-feature',
];
const metasWhere = (test: (definition: ElementDefinition) => unknown) =>
  Object.entries(elementRegistry as Record<string, ElementDefinition>)
    .filter(([, definition]) => test(definition))
    .map(([meta]) => meta)
    .sort();

describe('element registry', () => {
  it('knows every meta requirements DOC-LAYOUT names, each from the definition in its own folder', () => {
    expect(Object.keys(elementRegistry).sort()).toEqual([...DOC_LAYOUT_METAS].sort());
    expect(definitionFiles.map(folderOf).sort()).toEqual([...DOC_LAYOUT_METAS].sort());
    for (const meta of DOC_LAYOUT_METAS) expect(elementDefinition(meta)?.extra, meta).toBe(schemas[`../../src/elements/${meta}/schema.ts`]?.extraSchema);
    expect(elementDefinition('marquee')).toBeUndefined();
    expect(elementDefinition('toString')).toBeUndefined();
  });

  it('gives every island its .astro renderer and the stylesheets it needs, and every other element a string renderer', () => {
    const islands = metasWhere((definition) => definition.island);
    expect(islands).toEqual(['calendar', 'form', 'one-step-order', 'survey', 'two-setp-order', 'video']);
    for (const meta of islands) {
      expect(astroFiles, meta).toContain(`../../src/elements/${meta}/${meta}.astro`);
      expect(elementDefinition(meta)?.sheets?.length, meta).toBeGreaterThan(0);
    }
    expect(metasWhere((definition) => typeof definition.html === 'function')).toEqual(DOC_LAYOUT_METAS.filter((meta) => !islands.includes(meta)).sort());
  });

  it('derives the timers, the clock and zone dependence and the dialog names from the definitions', () => {
    expect([...TIMER_METAS].sort()).toEqual(['countdown', 'day-timer', 'minute-timer']);
    expect(metasWhere((definition) => definition.timer)).toEqual([...TIMER_METAS].sort());
    expect(metasWhere((definition) => definition.zoned)).toEqual(['calendar']);
    expect(metasWhere((definition) => definition.clock)).toEqual(['calendar']);
    expect(metasWhere((definition) => definition.namesDialog)).toEqual(['heading', 'sub-heading']);
  });

  it("inlines only the island styles a page's elements need, in cascade order", () => {
    expect(islandSheets(new Set(['section', 'heading', 'countdown']))).toEqual([]);
    expect(islandSheets(new Set(['survey', 'paragraph']))).toEqual(['form', 'survey']);
    expect(islandSheets(new Set(['form', 'calendar', 'video', 'two-setp-order']))).toEqual(['orderForm', 'video', 'booking', 'form']);
  });

  it('gives every element type defaults from an empty extra', () => {
    for (const [path, module] of Object.entries(schemas)) expect(v.safeParse(module.extraSchema, {}).success, path).toBe(true);
  });

  it('renders a bad extra with defaults for the bad settings only, and logs', () => {
    const schema = schemas['../../src/elements/button/schema.ts']!.extraSchema;
    const log: unknown[] = [];
    const extra = parseExtra(
      schema,
      { text: 'Buy', action: 42, visitWebsite: 'nope', mystery: true },
      (event, detail) => log.push({ event, ...detail }),
      'btn',
    ) as Record<string, unknown>;
    expect(extra).toMatchObject({ text: 'Buy', action: 'none', visitWebsite: { url: '', newTab: false }, mystery: true });
    expect(log[0]).toMatchObject({ event: 'element.bad-extra', elementId: 'btn' });
    expect(parseExtra(schema, 'garbage', () => {}, 'btn')).toMatchObject({ text: '', action: 'none' });
  });
});

describe('element helpers', () => {
  it('rounds progress to 10 % steps', () => {
    expect([0, 4, 5, 68, 99, 150, -3].map(progressStep)).toEqual([0, 0, 10, 70, 100, 100, 0]);
  });

  it('turns menu items into the shared actions: url, funnel step, or any other action', () => {
    const item = (over: Record<string, unknown>) => v.parse(menuItem, over);
    expect(menuAction(item({ goTo: 'url', url: 'x.test', openInNewTab: true }))).toEqual({
      action: 'url',
      extra: { visitWebsite: { url: 'x.test', newTab: true } },
    });
    expect(menuAction(item({ goTo: 'step', goToId: 'st_1' }))).toEqual({ action: 'go-to-funnel-step', extra: { stepPath: 'st_1' } });
    expect(menuAction(item({ goTo: 'openPopup', popupId: 'p1' }))).toMatchObject({ action: 'openPopup', extra: { popupId: 'p1' } });
    expect(menuAction(item({ goTo: 'none' }))).toBeNull();
    expect(menuAction(item({ goTo: 'url', url: '' }))).toBeNull();
  });
});

describe('fonts', () => {
  it('loads only the self-hosted fonts a page uses, never Arial or Helvetica Neue', async () => {
    const { fontsUsedBy } = await import('../../src/lib/fonts');
    const page = (over: Record<string, unknown>) => ({ elements: [], popups: [], ...over });
    expect(fontsUsedBy(page({}))).toEqual(['Montserrat', 'Lato']);
    expect(
      fontsUsedBy(
        page({
          defaultSettings: { typography: { headlineFont: 'Arial', contentFont: 'Helvetica Neue' } },
          elements: [{ id: 'h', type: 'element', meta: 'heading', child: [], class: [], styles: { fontFamily: "'Open Sans', sans-serif" }, extra: {} }],
        }),
      ),
    ).toEqual(['Open Sans']);
    const preview = page({
      defaultSettings: { typography: { headlineFont: 'Arial', contentFont: 'Arial' } },
      general: { general: { fontsToLoadForPreview: ['Lato'] } },
    });
    expect(fontsUsedBy(preview)).toEqual([]);
    expect(fontsUsedBy(preview, true)).toEqual(['Lato']);
  });

  it('lists for the font cache both weights of each font, with Latin Extended for Hungarian and Polish', async () => {
    const { fontCacheFiles } = await import('../../src/lib/fonts-assets');
    const names = (files: string[]) => files.map((file) => file.split('/').pop()?.replace(/\..*$/, ''));
    expect(names(fontCacheFiles(['Lato'], 'en'))).toEqual(['lato-latin-400-normal', 'lato-latin-700-normal']);
    expect(names(fontCacheFiles(['Montserrat', 'Lato'], 'de'))).toHaveLength(4);
    expect(names(fontCacheFiles(['Open Sans'], 'pl'))).toEqual([
      'open-sans-latin-400-normal',
      'open-sans-latin-ext-400-normal',
      'open-sans-latin-700-normal',
      'open-sans-latin-ext-700-normal',
    ]);
    expect(fontCacheFiles([], 'hu')).toEqual([]);
  });
});
