import { describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE, themeCss } from '../../src/layouts/theme';
import { backgroundStyle } from '../../src/tree/background';

const page = (over: Record<string, unknown> = {}) => ({ elements: [], popups: [], ...over });

describe('theme', () => {
  it('defines the seed palette and the default typography as CSS variables', () => {
    const css = themeCss(page());
    expect(Object.keys(DEFAULT_PALETTE)).toEqual([
      'Primary',
      'Secondary',
      'White',
      'Gray',
      'Black',
      'Red',
      'Orange',
      'Yellow',
      'Green',
      'Teal',
      'Malibu',
      'Indigo',
      'Purple',
      'Pink',
      'Transparent',
      'Overlay',
    ]);
    expect(css).toContain('--primary:#37ca37');
    expect(css).toContain('--secondary:#188bf6');
    expect(css).toContain('--ef-headline-font:"Montserrat"');
    expect(css).toContain('--ef-content-font:"Lato"');
    expect(css).toContain('--ef-text-color:#000000');
    expect(css).toContain('--ef-link-color:#188bf6');
  });

  it("takes the page's colours and typography, sanitised", () => {
    const css = themeCss(
      page({
        general: {
          colors: [
            { label: 'Primary', value: '#ff0000' },
            { label: 'Brand Blue', value: 'blue;}body{display:none' },
          ],
        },
        defaultSettings: { typography: { headlineFont: 'Open Sans', textColor: '#333' } },
      }),
    );
    expect(css).toContain('--primary:#ff0000');
    expect(css).toContain('--brand-blue:bluebodydisplay:none');
    expect(css).not.toContain('}body{');
    expect(css).toContain('--ef-headline-font:"Open Sans"');
    expect(css).toContain('--ef-text-color:#333');
  });
});

describe('backgrounds', () => {
  it('paints an image with its fit option and opacity, through the CDN', () => {
    expect(backgroundStyle({ value: { url: 'https://storage.googleapis.com/b/bg.jpg', options: 'bgContain' }, opacity: 0.4 }, 'https://cdn.test')).toBe(
      '--ef-bg-image:url("https://cdn.test/b/bg.jpg");--ef-bg-size:contain;--ef-bg-repeat:no-repeat;--ef-bg-opacity:0.4',
    );
  });

  it('paints an SVG background and ignores unusable ones', () => {
    expect(backgroundStyle({ svgCode: '<svg xmlns="http://www.w3.org/2000/svg"/>' })).toContain('--ef-bg-image:url("data:image/svg+xml,%3Csvg');
    expect(backgroundStyle({ value: { url: 'javascript:alert(1)' } })).toBe('');
    expect(backgroundStyle(undefined)).toBe('');
  });
});
