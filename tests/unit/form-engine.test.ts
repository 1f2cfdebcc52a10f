/** The pure parts of the form engine: what follows a submit, prefill, placeholders, amounts, sizes, next steps. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fillMergeUrl } from '../../src/lib/merge-fields';
import { formBody } from '../../src/schemas/form';
import { afterSubmit } from '../../src/widgets/form/after-submit';
import { formatFileSize } from '../../src/widgets/form/fields/file-size';
import { formatAmount, typedAmount } from '../../src/widgets/form/fields/money-field';
import { placeholderOf } from '../../src/widgets/form/form-fields';
import { formCssVars } from '../../src/widgets/form/form-style';
import { initialValues } from '../../src/widgets/form/initial-values';
import { nextStep } from '../../src/widgets/form/plain-post';
import { safeWidgetErrorDocument, widgetErrorDocument } from '../../src/widgets/widget-error-page';

const body = (raw: Record<string, unknown>) => v.parse(formBody, raw);

describe('after submit', () => {
  const contact = { first_name: 'Zoë & Co', email: 'z@example.com' };
  const now = new Date('2026-03-01T15:04:00Z');
  it('redirects on action type 1 or a redirect URL, merge fields URL-encoded', () => {
    const form = body({ formAction: { actionType: 1, redirect_url: 'https://shop.example/thanks?name={{contact.first_name}}&e={{email}}' } });
    expect(afterSubmit(form, contact, { redirect: true, now })).toEqual({
      kind: 'redirect',
      url: 'https://shop.example/thanks?name=Zo%C3%AB%20%26%20Co&e=z%40example.com',
    });
    expect(afterSubmit(body({ redirect_url: 'example.com/next' }), contact, { redirect: true, now })).toEqual({
      kind: 'redirect',
      url: 'https://example.com/next',
    });
  });
  it('never follows anything but http(s), and redirect=false shows the thank-you text instead', () => {
    const js = body({ formAction: { actionType: 1, redirect_url: 'javascript:alert(1)' } });
    expect(afterSubmit(js, contact, { redirect: true, now }).kind).toBe('thank-you');
    const ok = body({ formAction: { actionType: 1, redirect_url: 'https://example.com', thankyouText: 'Merci' } });
    expect(afterSubmit(ok, contact, { redirect: false, now })).toEqual({ kind: 'thank-you', text: 'Merci' });
  });
  it('shows the seed default thank-you text, or its translation', () => {
    expect(afterSubmit(body({}), contact, { redirect: true, now })).toEqual({
      kind: 'thank-you',
      text: 'Thanks for submiting details, Will get back to you soon!',
    });
    expect(afterSubmit(body({}), contact, { redirect: true, defaultThankYou: 'Danke!', now })).toEqual({ kind: 'thank-you', text: 'Danke!' });
  });
  it('fills unknown merge fields with nothing', () => {
    expect(fillMergeUrl('https://x.example/?a={{contact.nope}}&b={{nope}}', { now, contact })).toBe('https://x.example/?a=&b=');
  });
  it("keeps a contact's value out of the redirect's host (issue 32)", () => {
    const form = body({ formAction: { actionType: 1, redirect_url: 'https://seller.example{{first_name}}' } });
    expect(afterSubmit(form, { first_name: '.evil.example' }, { redirect: true, now })).toEqual({ kind: 'redirect', url: 'https://seller.example' });
  });
  it('fills the date fields of a redirect URL as a survey ending does', () => {
    const form = body({ formAction: { actionType: 1, redirect_url: 'https://shop.example/thanks?on={{today}}&y={{ year }}' } });
    expect(afterSubmit(form, contact, { redirect: true, now })).toEqual({
      kind: 'redirect',
      url: 'https://shop.example/thanks?on=March%201st%2C%202026&y=2026',
    });
  });
});

describe('prefill', () => {
  const fields = body({
    fields: [
      { tag: 'first_name', type: 'text' },
      { tag: 'lead', type: 'source', hidden: true, hiddenFieldQueryKey: 'utm_source', hiddenFieldValue: 'default' },
      { tag: 'country', type: 'select' },
      { tag: 'notes', type: 'text' },
    ],
  }).fields;
  it('takes hidden fields from their query key or default, standard contact fields from the query, country from the location', () => {
    expect(initialValues(fields, new URLSearchParams('first_name=Ann&utm_source=mail&notes=x'), {}, 'DE')).toEqual({
      first_name: 'Ann',
      lead: 'mail',
      country: 'DE',
    });
    expect(initialValues(fields, new URLSearchParams(''), { first_name: 'Known' }, '')).toEqual({ first_name: 'Known', lead: 'default', country: 'US' });
  });
});

describe('looks', () => {
  it('puts * in the placeholder of a required field when labels are hidden', () => {
    const [field] = body({ fields: [{ tag: 'email', label: 'Email', placeholder: 'you@example.com', required: true }] }).fields;
    if (!field) throw new Error('no field');
    expect(placeholderOf(field, true)).toBe('you@example.com');
    expect(placeholderOf(field, false)).toBe('you@example.com *');
    expect(placeholderOf({ ...field, placeholder: '' }, false)).toBe('Email *');
  });
  it('applies the seed button defaults and the seller styling as CSS variables', () => {
    const vars = formCssVars(body({ width: 550, style: { background: '#fff', border: { border: 1, radius: 8, color: 'red' } } }));
    expect(vars).toMatchObject({
      '--ef-form-width': '550px',
      '--ef-form-radius': '8px',
      '--ef-button-bg': '#188bf6',
      '--ef-button-color': '#ffffff',
      '--ef-button-padding': '15px',
      '--ef-button-radius': '4px',
      '--ef-button-border-width': '0px',
    });
    expect(formCssVars(body({ style: { background: 'red;} body{display:none' } }))['--ef-form-bg']).toBe('transparent');
    // White on a light green button does not read: the label turns dark.
    expect(formCssVars(body({ button: { background: '#37ca37', color: '#ffffff' } }))['--ef-button-color']).toBe('#102a43');
  });
  it('formats amounts with two decimals in the locale, and sizes in B/kB/MB/GB/TB', () => {
    expect(formatAmount('1234.5', 'en')).toBe('1,234.50');
    expect(formatAmount('1234,5', 'de')).toBe('1.234,50');
    // While typing (issue 31): grouped as typed, the decimal separator kept, two decimals at most.
    expect(['1', '1234', '1234.', '1234.567', '0012.5', 'x'].map((t) => typedAmount(t, 'en'))).toEqual(['1', '1,234', '1,234.', '1,234.56', '12.5', '']);
    expect(typedAmount('1234567,8', 'de')).toBe('1.234.567,8');
    expect(['0', '2048', String(5 * 1024 ** 2), String(3 * 1024 ** 3), String(2 * 1024 ** 4)].map((n) => formatFileSize(Number(n), 'en'))).toEqual([
      '0 B',
      '2 kB',
      '5 MB',
      '3 GB',
      '2 TB',
    ]);
  });
});

describe('the next step of a form element posted without JavaScript', () => {
  it('is a path on this site, never another origin', () => {
    expect(nextStep(new URLSearchParams('next=/accelerator'))).toBe('/accelerator');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', ''])
      expect(nextStep(new URLSearchParams({ next: bad }))).toBeNull();
  });
});

describe('the widget error page', () => {
  it('shows the status and the server msg, escaped', () => {
    const html = widgetErrorDocument({ lang: 'en', status: 404, msg: 'Unable to find <form>', title: () => 'x' });
    expect(html).toContain('data-testid="error-status">404<');
    expect(html).toContain('Unable to find &#60;form&#62;');
  });
  it('says "An error occured while showing the error page" when it cannot be built', () => {
    const html = safeWidgetErrorDocument({
      lang: 'en',
      status: 500,
      msg: '',
      title: () => {
        throw new Error('no translations');
      },
    });
    expect(html).toContain('>An error occured while showing the error page</p>');
  });
});
