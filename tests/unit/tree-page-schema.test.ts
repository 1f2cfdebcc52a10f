import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pageDocument, pageElement } from '../../src/schemas/page';

describe('pageDocument', () => {
  it('keeps unknown keys and accepts unknown element types', () => {
    const doc = v.parse(pageDocument, {
      pageId: 'pg_1',
      builderVersion: 7,
      pageMeta: { title: 'T', somethingNew: true },
      elements: [
        { id: 'sec_1', type: 'section', meta: 'section', child: ['x'], extra: { sticky: 'stickyTop', foo: 1 } },
        { id: 'el_1', type: 'element', meta: 'hologram', extra: { beam: 'on' } },
      ],
    });
    expect(doc).toMatchObject({ builderVersion: 7, pageMeta: { somethingNew: true } });
    expect(doc.elements[1]).toMatchObject({ meta: 'hologram', extra: { beam: 'on' } });
    expect(doc.elements[0]?.extra).toEqual({ sticky: 'stickyTop', foo: 1 });
  });

  it('fills defaults for child, class, styles and extra', () => {
    const el = v.parse(pageElement, { id: 'a', type: 'element', meta: 'heading' });
    expect(el).toMatchObject({ child: [], class: [], styles: {}, extra: {} });
  });

  it('accepts the funnel page state fields', () => {
    const doc = v.parse(pageDocument, {
      funnelId: 'fn_1',
      funnelNextStep: '/thanks',
      funnelSteps: [{ id: 'st_1', url: '/optin', value: 'Opt-in' }],
      stripePublishableKey: { key: 'pk_test' },
      general: { general: { fontsToLoad: ['Lato'] }, colors: [{ label: 'Primary', value: '#37ca37' }] },
    });
    expect(doc.funnelSteps?.[0]?.url).toBe('/optin');
  });

  it('rejects a document whose elements is not a list', () => {
    expect(v.safeParse(pageDocument, { elements: 'nope' }).success).toBe(false);
  });
});
