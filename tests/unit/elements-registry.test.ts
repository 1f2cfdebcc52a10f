import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { progressStep } from '../../src/elements/progress-bar/schema';
import { menuAction } from '../../src/elements/nav-menu/menu-link';
import { menuItem } from '../../src/elements/nav-menu/schema';
import { ELEMENT_METAS } from '../../src/schemas/page';
import { parseExtra } from '../../src/tree/extra';

// The registry imports the islands' .astro files, which only Astro's build compiles; so the
// test reads the folders and the registry's source: every meta has a folder with schema.ts
// and a renderer (render.ts, or <meta>.astro for an island), and a line in the registry
// (whose `satisfies` tsc checks).
const schemas = import.meta.glob<{ extraSchema: v.GenericSchema }>('../../src/elements/*/schema.ts', { eager: true });
const renderers = import.meta.glob<string>(['../../src/elements/*/*.astro', '../../src/elements/*/render.ts'], { eager: true, query: '?raw', import: 'default' });
const registrySource = import.meta.glob<string>('../../src/elements/registry.ts', { eager: true, query: '?raw', import: 'default' });

const folderOf = (path: string) => /elements\/([^/]+)\//.exec(path)?.[1];

describe('element registry', () => {
  it('has a folder with an extra schema and a renderer for every meta', () => {
    const schemaFolders = Object.keys(schemas).map(folderOf);
    const rendererFiles = Object.keys(renderers).map((p) => p.replace(/^.*elements\//, ''));
    for (const meta of ELEMENT_METAS) {
      expect(schemaFolders, meta).toContain(meta);
      expect(rendererFiles.filter((file) => file === `${meta}/${meta}.astro` || file === `${meta}/render.ts`), meta).toHaveLength(1);
    }
  });

  it('maps every meta in registry.ts', () => {
    const source = Object.values(registrySource)[0] ?? '';
    for (const meta of ELEMENT_METAS) expect(source, meta).toMatch(new RegExp(`\\n  '?${meta}'?: \\{ extra: \\w+, (html|component): `));
  });

  it('gives every element type defaults from an empty extra', () => {
    for (const [path, module] of Object.entries(schemas)) expect(v.safeParse(module.extraSchema, {}).success, path).toBe(true);
  });

  it('renders a bad extra with defaults for the bad settings only, and logs', () => {
    const schema = schemas['../../src/elements/button/schema.ts']!.extraSchema;
    const log: unknown[] = [];
    const extra = parseExtra(schema, { text: 'Buy', action: 42, visitWebsite: 'nope', mystery: true }, (event, detail) => log.push({ event, ...detail }), 'btn') as Record<string, unknown>;
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
    expect(menuAction(item({ goTo: 'url', url: 'x.test', openInNewTab: true }))).toEqual({ action: 'url', extra: { visitWebsite: { url: 'x.test', newTab: true } } });
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
    const preview = page({ defaultSettings: { typography: { headlineFont: 'Arial', contentFont: 'Arial' } }, general: { general: { fontsToLoadForPreview: ['Lato'] } } });
    expect(fontsUsedBy(preview)).toEqual([]);
    expect(fontsUsedBy(preview, true)).toEqual(['Lato']);
  });

  it('lists for the font cache both weights of each font, with Latin Extended for Hungarian and Polish', async () => {
    const { fontCacheFiles } = await import('../../src/lib/fonts-assets');
    const names = (files: string[]) => files.map((file) => file.split('/').pop()?.replace(/\..*$/, ''));
    expect(names(fontCacheFiles(['Lato'], 'en'))).toEqual(['lato-latin-400-normal', 'lato-latin-700-normal']);
    expect(names(fontCacheFiles(['Montserrat', 'Lato'], 'de'))).toHaveLength(4);
    expect(names(fontCacheFiles(['Open Sans'], 'pl'))).toEqual(['open-sans-latin-400-normal', 'open-sans-latin-ext-400-normal', 'open-sans-latin-700-normal', 'open-sans-latin-ext-700-normal']);
    expect(fontCacheFiles([], 'hu')).toEqual([]);
  });
});
