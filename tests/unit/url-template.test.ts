import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../src/lib/links';
import { fillMergeUrl } from '../../src/lib/merge-fields';
import { fillUrlTemplate } from '../../src/lib/url-template';

const now = new Date('2026-03-01T15:04:00Z');
const fill = (template: string, contact: Record<string, unknown>) => fillMergeUrl(template, { now, contact });

describe('fillMergeUrl: merge values never reach the scheme or host (issue 32)', () => {
  it("keeps the issue's redirect on the seller's host", () => {
    expect(fill('https://seller.example{{first_name}}', { first_name: '.evil.example' })).toBe('https://seller.example');
    expect(fill('https://seller.example{{first_name}}/thanks?n={{first_name}}', { first_name: '.evil.example' })).toBe(
      'https://seller.example/thanks?n=.evil.example',
    );
  });

  it('drops values in the scheme, userinfo, port or host of any spelling', () => {
    const v = { x: 'evil.example' };
    expect(fill('https://{{x}}/a', v)).toBe('https:///a');
    expect(fill('{{x}}://seller.example', v)).toBe('://seller.example');
    expect(fill('https://{{x}}@seller.example/', v)).toBe('https://@seller.example/');
    expect(fill('seller.example{{x}}/p', v)).toBe('seller.example/p');
    expect(fill('https:\\\\seller.example{{x}}\\p', v)).toBe('https:\\\\seller.example\\p');
    expect(fill('https:seller.example{{x}}', v)).toBe('https:seller.example');
    expect(fill('//seller.example{{x}}/p', v)).toBe('//seller.example/p');
    expect(fill('https://seller.ex\tample{{x}}/p', v)).toBe('https://seller.example/p');
    expect(redirectTarget(fill('https://{{x}}', v))).toBeNull();
    expect(redirectTarget(fill('{{x}}', v))).toBeNull();
  });

  it('percent-encodes a value so it stays in its path segment, query value or fragment', () => {
    expect(fill('https://s.example/u/{{id}}', { id: '/@evil.example?a=1#b' })).toBe('https://s.example/u/%2F%40evil.example%3Fa%3D1%23b');
    expect(fill('https://s.example/?email={{email}}&n={{contact.n}}#{{n}}', { email: 'a+b@c.co', n: 'x y&z' })).toBe(
      'https://s.example/?email=a%2Bb%40c.co&n=x%20y%26z#x%20y%26z',
    );
    expect(new URL(fill('https://s.example/{{id}}', { id: '\\evil.example' })).host).toBe('s.example');
  });

  it('fills date fields and empties unknown ones', () => {
    expect(fill('https://s.example/?y={{year}}&u={{nope}}', {})).toBe('https://s.example/?y=2026&u=');
  });

  it('fills a site path and a mailto address only after the scheme', () => {
    expect(fillUrlTemplate('/thanks/{{x}}', () => '..//evil.example')).toBe('/thanks/..%2F%2Fevil.example');
    expect(fillUrlTemplate('mailto:{{x}}', () => 'a@b.co')).toBe('mailto:a%40b.co');
  });
});
