/**
 * A generated page of `count` elements, spread over sections of rows and columns, using the
 * static element types a real long sales page is made of.
 */
export function benchPage({ pageId, locationId, count = 300 }) {
  const elements = [];
  const kinds = [
    ['heading', (i) => ({ text: `<h2>Benchmark headline ${i}</h2>` })],
    ['paragraph', (i) => ({ text: `<p>Paragraph ${i}: a seller's copy with <strong>bold</strong> and <a href="#top">a link</a>.</p>` })],
    ['bullet-list', (i) => ({ text: `<ul><li>Point ${i}.1</li><li>Point ${i}.2</li><li>Point ${i}.3</li></ul>` })],
    ['image', (i) => ({ imageUrl: '/demo/maya.svg', altText: `Image ${i}`, width: 320, height: 320 })],
    ['button', (i) => ({ text: `Button ${i}`, subText: 'Sub text', action: 'url', visitWebsite: { url: 'example.com/offer', newTab: false } })],
    ['divider', () => ({})],
  ];
  let n = 0;
  let s = 0;
  while (n < count) {
    const section = {
      id: `sec_${s}`,
      type: 'section',
      meta: 'section',
      tagName: 'c-section',
      child: [],
      class: [],
      styles: {},
      extra: { sticky: 'noneSticky' },
    };
    const row = { id: `row_${s}`, type: 'row', meta: 'row', tagName: 'c-row', child: [], class: [], styles: {}, extra: {} };
    section.child.push(row.id);
    elements.push(section, row);
    n += 2;
    for (let c = 0; c < 2 && n < count; c++) {
      const column = { id: `col_${s}_${c}`, type: 'column', meta: 'column', tagName: 'c-column', child: [], class: [], styles: {}, extra: {} };
      row.child.push(column.id);
      elements.push(column);
      n += 1;
      for (let e = 0; e < 6 && n < count; e++) {
        const [meta, extra] = kinds[(n + e) % kinds.length];
        const el = { id: `el_${n}`, type: 'element', meta, tagName: `c-${meta}`, child: [], class: [], styles: { paddingTop: '8px' }, extra: extra(n) };
        column.child.push(el.id);
        elements.push(el);
        n += 1;
      }
    }
    s += 1;
  }
  return {
    pageId,
    id: pageId,
    pageName: 'Benchmark page',
    locationId,
    pageMeta: { title: 'Benchmark page', description: `${count} elements` },
    general: { general: { fontsToLoad: ['Montserrat', 'Lato'], pageStyles: '' }, colors: [] },
    elements,
    popups: [],
  };
}
