import { describe, expect, it } from 'vitest';
import { iconKey, namedIconSvg } from '../../src/elements/button/icons';

describe('named button icons', () => {
  it('reads the names sellers write', () => {
    expect(iconKey('check')).toBe('check');
    expect(iconKey('fa-check')).toBe('check');
    expect(iconKey('fas fa-arrow-right')).toBe('arrow-right');
    expect(iconKey('faArrowRight')).toBe('arrow-right');
  });

  it('draws an icon of the set as inline SVG, by its name or an alias, and nothing for an unknown name', () => {
    const svg = namedIconSvg('fas fa-arrow-right');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false"><path d="M[^"]+"\/><\/svg>$/,
    );
    expect(namedIconSvg('shopping-cart')).toBe(namedIconSvg('cart-shopping'));
    expect(namedIconSvg('no-such-icon')).toBe('');
    expect(namedIconSvg('"><script>')).toBe('');
  });
});
