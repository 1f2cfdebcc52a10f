import { describe, expect, it } from 'vitest';
import { embedCodeSource, playerUrl, videoSourceOf } from '../../src/widgets/video/embed-url';
import { videoIslandProps, videoWidth } from '../../src/widgets/video/props';

describe('video sources', () => {
  it('uses the element type, or guesses from the link', () => {
    expect(videoSourceOf('vimeo', '', '')).toBe('vimeo');
    expect(videoSourceOf('custom embed', '', '<iframe>')).toBe('custom_embed');
    expect(videoSourceOf(undefined, 'https://youtu.be/abcdefghijk', '')).toBe('youtube');
    expect(videoSourceOf('', 'https://acme.wistia.com/medias/abc123xyz', '')).toBe('wistia');
    expect(videoSourceOf('', '', '<video src="a.mp4"></video>')).toBe('custom_embed');
  });

  it('builds YouTube player URLs from every link shape', () => {
    const expected = 'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0&playsinline=1';
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube.com/watch?v=dQw4w9WgXcQ&list=x',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(playerUrl('youtube', link, false)).toBe(expected);
    }
    expect(playerUrl('youtube', 'https://youtu.be/dQw4w9WgXcQ?t=42', true)).toBe(`${expected}&mute=1&start=42`);
    expect(playerUrl('youtube', 'https://example.com/watch?v=dQw4w9WgXcQ', false)).toBeNull();
    expect(playerUrl('youtube', 'javascript:alert(1)', false)).toBeNull();
  });

  it('builds Vimeo and Wistia player URLs', () => {
    expect(playerUrl('vimeo', 'https://vimeo.com/76979871', false)).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(playerUrl('vimeo', 'https://player.vimeo.com/video/76979871?h=abc', true)).toBe('https://player.vimeo.com/video/76979871?autoplay=1&h=abc&muted=1');
    expect(playerUrl('wistia', 'https://acme.wistia.com/medias/e4a27b971d', false)).toBe('https://fast.wistia.net/embed/iframe/e4a27b971d?autoPlay=true');
    expect(playerUrl('wistia', 'https://fast.wistia.net/embed/iframe/e4a27b971d', true)).toBe(
      'https://fast.wistia.net/embed/iframe/e4a27b971d?autoPlay=true&muted=true',
    );
    expect(playerUrl('custom_embed', 'https://vimeo.com/1', false)).toBeNull();
  });

  it('finds the address embed code loads', () => {
    expect(embedCodeSource('<iframe width="560" src="https://player.example.com/v/1" frameborder=0></iframe>')).toBe('https://player.example.com/v/1');
    expect(embedCodeSource('<script src=https://cdn.example.com/p.js async></script>')).toBe('https://cdn.example.com/p.js');
    expect(embedCodeSource('<p>no player</p>')).toBeNull();
  });
});

describe('video island props', () => {
  it('takes only what the island needs from the element', () => {
    const t = (key: string) => `[${key}]`;
    const props = videoIslandProps(
      { extra: { type: 'youtube', embedURL: 'https://youtu.be/dQw4w9WgXcQ', autoplay: 1, width: '640', thumbnailURL: 'https://cdn.test/t.jpg', other: 'x' } },
      t,
    );
    expect(props).toEqual({
      source: 'youtube',
      embedUrl: 'https://youtu.be/dQw4w9WgXcQ',
      customEmbedCode: '',
      thumbnailUrl: 'https://cdn.test/t.jpg',
      autoplay: true,
      width: '640px',
      messages: { play: '[page-runtime:video.play]', loadError: '[page-runtime:video.loadError]', title: '[page-runtime:video.title]' },
    });
    const viaCdn = videoIslandProps({ extra: { thumbnailURL: 'https://storage.googleapis.com/b/t.jpg' } }, t, {
      imageUrl: (raw) => raw.replace('https://storage.googleapis.com/', 'https://cdn.test/'),
    });
    expect(viaCdn.thumbnailUrl).toBe('https://cdn.test/b/t.jpg');
    expect(videoIslandProps({ extra: {} }, t, { aboveFold: true }).eagerThumbnail).toBe(true);
    expect(videoWidth('80%')).toBe('80%');
    expect(videoWidth('calc(1px)')).toBe('100%');
    expect(videoWidth(undefined)).toBe('100%');
  });
});
