import { describe, expect, it } from 'vitest';
import type { PageElement } from '../../src/schemas/page';
import { buildForest, buildTree, MAX_TREE_DEPTH } from '../../src/tree/build-tree';
import { readPageDocument } from '../../src/tree/read-page';

const el = (id: string, type: string, child: string[] = [], meta = type): PageElement => ({ id, type, meta, child, class: [], styles: {}, extra: {} });
const ids = (nodes: ReturnType<typeof buildTree>): unknown[] => nodes.map((n) => (n.children.length ? [n.element.id, ids(n.children)] : n.element.id));

describe('buildTree', () => {
  it('uses sections as roots in list order and children in child order', () => {
    const elements = [
      el('c1', 'column', ['b', 'a']),
      el('s2', 'section'),
      el('s1', 'section', ['r1']),
      el('r1', 'row', ['c1']),
      el('a', 'element'),
      el('b', 'element'),
    ];
    expect(ids(buildTree(elements, () => {}))).toEqual(['s2', ['s1', [['r1', [['c1', ['b', 'a']]]]]]]);
  });

  it('skips and logs an id that points nowhere', () => {
    const log: unknown[] = [];
    const tree = buildTree([el('s', 'section', ['ghost', 'x']), el('x', 'element')], (event, detail) => log.push({ event, ...detail }));
    expect(ids(tree)).toEqual([['s', ['x']]]);
    expect(log).toEqual([{ event: 'tree.missing-child', elementId: 's', childId: 'ghost' }]);
  });

  it('cuts cycles instead of recursing forever', () => {
    const log: string[] = [];
    const tree = buildTree([el('s', 'section', ['a']), el('a', 'row', ['b']), el('b', 'column', ['a', 's'])], (event) => log.push(event));
    expect(ids(tree)).toEqual([['s', [['a', ['b']]]]]);
    expect(log).toEqual(['tree.cycle', 'tree.cycle']);
  });

  it('stops at the depth guard', () => {
    const chain = Array.from({ length: MAX_TREE_DEPTH + 5 }, (_, i) => el(`e${i}`, i === 0 ? 'section' : 'element', [`e${i + 1}`]));
    const log: string[] = [];
    let depth = 0;
    let node = buildTree(chain, (event) => log.push(event))[0];
    while (node?.children[0]) {
      node = node.children[0];
      depth++;
    }
    expect(depth).toBeLessThanOrEqual(MAX_TREE_DEPTH);
    expect(log).toContain('tree.too-deep');
  });

  it('leaves popup sections out of the page and builds them for the popup', () => {
    const elements = [el('main', 'section'), el('pop', 'section', ['t']), el('t', 'element')];
    expect(ids(buildTree(elements, () => {}, new Set(['pop'])))).toEqual(['main']);
    expect(ids(buildForest(['pop'], elements, () => {}))).toEqual([['pop', ['t']]]);
  });
});

describe('readPageDocument', () => {
  it('drops invalid elements, keeps the rest and unknown keys', () => {
    const log: string[] = [];
    const doc = readPageDocument(
      { pageId: 'p', custom: 1, pageMeta: 'not an object', elements: [{ id: 's', type: 'section' }, { type: 'element' }, 'junk'] },
      (event) => log.push(event),
    );
    expect(doc.elements.map((e) => e.id)).toEqual(['s']);
    expect(doc).toMatchObject({ pageId: 'p', custom: 1 });
    expect(doc.pageMeta).toBeUndefined();
    expect(log).toContain('page.bad-element');
  });
});
