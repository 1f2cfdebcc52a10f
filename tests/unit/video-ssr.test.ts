import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import VideoPlayer from '../../src/widgets/video/video-player';
import { videoIslandProps } from '../../src/widgets/video/props';

const t = (key: string) => ({ 'page-runtime:video.play': 'Play video' })[key] ?? key;

describe('server-rendered video markup', () => {
  it('shows a poster linking to the video and no player', () => {
    const props = videoIslandProps({ extra: { type: 'youtube', embedURL: 'https://youtu.be/dQw4w9WgXcQ' } }, t);
    const html = renderToString(createElement(VideoPlayer, props));
    expect(html).toContain('data-video-state="poster"');
    expect(html).toContain('href="https://youtu.be/dQw4w9WgXcQ"');
    expect(html).toContain('aria-label="Play video"');
    expect(html).not.toContain('<iframe');
  });

  it('loads the thumbnail of a video in the first screen at once and first, one further down lazily', () => {
    const extra = { type: 'youtube', embedURL: 'https://youtu.be/dQw4w9WgXcQ', thumbnailURL: 'https://cdn.test/t.jpg' };
    const first = renderToString(createElement(VideoPlayer, videoIslandProps({ extra }, t, { aboveFold: true })));
    expect(first).toMatch(/<img class="ef-video__thumbnail"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    const below = renderToString(createElement(VideoPlayer, videoIslandProps({ extra }, t)));
    expect(below).toMatch(/<img class="ef-video__thumbnail"[^>]*loading="lazy"/);
    expect(below).not.toContain('fetchPriority');
  });

  it('never renders embed code before play', () => {
    const props = videoIslandProps({ extra: { type: 'html', customEmbedCode: '<iframe src="https://player.example/x"></iframe>' } }, t);
    const html = renderToString(createElement(VideoPlayer, props));
    expect(html).toContain('<button type="button" class="ef-video__poster"');
    expect(html).not.toContain('player.example');
  });
});
