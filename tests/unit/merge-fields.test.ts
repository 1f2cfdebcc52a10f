import { describe, expect, it } from 'vitest';
import { applyMergeFields, hasMergeFields, ordinalSuffix } from '../../src/lib/merge-fields';
import { appointmentMergeRecord, contactMergeRecord, storedRecord } from '../../src/lib/visitor-merge';

const now = new Date('2026-03-01T15:04:00Z');

describe('merge fields', () => {
  it('fills date fields in the given time zone with ordinal days', () => {
    const reports: string[] = [];
    const text = applyMergeFields('{{today}} | {{ weekday }} | {{month}} | {{year}} | {{time}}', { now, timeZone: 'America/New_York' }, (f) => reports.push(f));
    expect(text).toBe('March 1st, 2026 | Sunday | March | 2026 | 10:04 AM');
    expect(reports).toEqual([]);
  });

  it('uses st, nd, rd and th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((d) => `${d}${ordinalSuffix(d)}`)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });

  it('escapes every value', () => {
    const text = applyMergeFields('Hi {{contact.first_name}}', { now, contact: { first_name: '<img src=x onerror=alert(1)>' } }, () => {});
    expect(text).toBe('Hi &#60;img src=x onerror=alert(1)&#62;');
  });

  it('keeps a failing template and reports it', () => {
    const reports: string[] = [];
    const text = applyMergeFields('A {{nonsense}} B {{contact.first_name.deep}}', { now, contact: {} }, (field, reason) => reports.push(`${field}: ${reason}`));
    expect(text).toBe('A {{nonsense}} B {{contact.first_name.deep}}');
    expect(reports).toEqual(['nonsense: unknown merge field', 'contact.first_name.deep: unknown merge field']);
  });

  it('leaves contact fields for the browser when there is no contact, and fills appointment fields', () => {
    const reports: string[] = [];
    expect(applyMergeFields('Hi {{contact.first_name}}!', { now }, (f) => reports.push(f))).toBe('Hi <span data-merge-field="contact.first_name"></span>!');
    expect(applyMergeFields('<a href="mailto:{{contact.email}}">x</a>', { now }, (f) => reports.push(f))).toBe('<a href="mailto:">x</a>');
    expect(applyMergeFields('{{appointment.id}}', { now, appointment: { id: 'apt_1' } }, (f) => reports.push(f))).toBe('apt_1');
    expect(reports).toEqual([]);
  });

  it('detects merge fields', () => {
    expect(hasMergeFields('x {{today}}')).toBe(true);
    expect(hasMergeFields('{ not } {{ }}')).toBe(false);
  });
});

describe('merge field fallbacks', () => {
  it('renders the fallback in a span the browser fills, and stands in for an empty value', () => {
    const reports: string[] = [];
    expect(applyMergeFields('Thanks {{contact.first_name | friend}}!', { now }, (f) => reports.push(f))).toBe(
      'Thanks <span data-merge-field="contact.first_name" data-merge-fallback="friend">friend</span>!',
    );
    expect(applyMergeFields('Thanks {{contact.first_name|friend}}!', { now, contact: { first_name: '' } }, (f) => reports.push(f))).toBe('Thanks friend!');
    expect(applyMergeFields('<a title="{{contact.email|none}}">x</a>', { now }, (f) => reports.push(f))).toBe('<a title="none">x</a>');
    expect(reports).toEqual([]);
  });
});

describe('the visitor record of merge fields', () => {
  it('splits a full name and maps the forms’ keys to the seed’s contact fields', () => {
    const contact = contactMergeRecord({ full_name: 'Ada  King Lovelace', companyName: 'Engines', postalCode: '02110' });
    expect(contact).toMatchObject({
      first_name: 'Ada',
      last_name: 'King Lovelace',
      full_name: 'Ada  King Lovelace',
      organization: 'Engines',
      postal_code: '02110',
    });
    expect(contactMergeRecord({ first_name: 'Grace', last_name: 'Hopper' }).full_name).toBe('Grace Hopper');
    expect(contactMergeRecord({}).first_name).toBe('');
  });

  it('reads a stored record safely and gives the appointment fields', () => {
    expect(storedRecord('not json')).toEqual({});
    expect(storedRecord('[1]')).toEqual({});
    expect(appointmentMergeRecord(storedRecord('{"id":"apt_1","ical_link":"https://x.test/a.ics"}'))).toMatchObject({
      id: 'apt_1',
      outlook_link: 'https://x.test/a.ics',
    });
  });
});
