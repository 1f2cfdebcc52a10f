import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CountdownTimer from '../../src/islands/timer/countdown-timer';
import MinuteTimer from '../../src/islands/timer/minute-timer';
import { countdownIslandProps, minuteTimerIslandProps } from '../../src/islands/timer/props';
import VideoPlayer from '../../src/islands/video/video-player';
import { videoIslandProps } from '../../src/islands/video/props';

const t = (key: string) => ({ 'timer:region': 'Time remaining', 'page-runtime:video.play': 'Play video' })[key] ?? key;
const now = Date.parse('2026-06-10T12:00:00Z');

describe('server-rendered timer markup (reads without JavaScript)', () => {
  it('shows days, hours, minutes and seconds left at render time', () => {
    const props = countdownIslandProps({ id: 'cd_1', extra: { endDate: '2026-06-12', endTime: '15:04', timezone: 'UTC' } }, now, t);
    const html = renderToString(createElement(CountdownTimer, props));
    expect(html).toContain('role="timer"');
    expect(html).toContain('aria-label="Time remaining"');
    expect(html).toContain('data-timer-state="running"');
    expect(html.replace(/<!-- -->/g, '')).toMatch(/>02<\/span><span class="ef-timer__label">Days<.*>03<\/span><span class="ef-timer__label">Hours<.*>04<\/span>.*>00<\/span><span class="ef-timer__label">Seconds</);
  });

  it('leaves days out when under a day, in the chosen language', () => {
    const props = countdownIslandProps({ id: 'cd_1', extra: { endDate: '2026-06-10', endTime: '20:00', timezone: 'UTC', translate: 'Swedish' } }, now, t);
    const html = renderToString(createElement(CountdownTimer, props));
    expect(html).not.toContain('data-unit="days"');
    expect(html).toContain('Timmar');
  });

  it('renders the minute timer with its full duration', () => {
    const props = minuteTimerIslandProps({ id: 'mt_1', extra: { hours: 1, minutes: 5 } }, now, t);
    const html = renderToString(createElement(MinuteTimer, props)).replace(/<!-- -->/g, '');
    expect(html).toMatch(/>01<\/span><span class="ef-timer__label">Hours<.*>05<\/span><span class="ef-timer__label">Minutes</);
  });
});

describe('server-rendered minute timer on a revisit (cookie sent with the request)', () => {
  const extra = { minutes: 30 };

  it('shows the time left since the first visit', () => {
    const cookie = `other=1; mt_1=${now - 10 * 60 * 1000}`;
    const html = renderToString(createElement(MinuteTimer, minuteTimerIslandProps({ id: 'mt_1', extra }, now, t, cookie))).replace(/<!-- -->/g, '');
    expect(html).toMatch(/>20<\/span><span class="ef-timer__label">Minutes</);
  });

  it('renders hidden when auto-hide-element applies', () => {
    const props = minuteTimerIslandProps({ id: 'mt_1', extra: { ...extra, revisitAction: 'auto-hide-element' } }, now, t, `mt_1=${now - 1000}`);
    const html = renderToString(createElement(MinuteTimer, props));
    expect(html).toContain('data-timer-state="hidden"');
    expect(html).toContain('hidden=""');
  });

  it('renders hidden and expired when auto-expire-x-day applies', () => {
    const props = minuteTimerIslandProps({ id: 'mt_1', extra: { ...extra, revisitAction: 'auto-expire-x-day' } }, now, t, `mt_1=${now - 1000}`);
    expect(renderToString(createElement(MinuteTimer, props))).toContain('data-timer-state="expired"');
  });
});

describe('server-rendered video markup', () => {
  it('shows a poster linking to the video and no player', () => {
    const props = videoIslandProps({ extra: { type: 'youtube', embedURL: 'https://youtu.be/dQw4w9WgXcQ' } }, t);
    const html = renderToString(createElement(VideoPlayer, props));
    expect(html).toContain('data-video-state="poster"');
    expect(html).toContain('href="https://youtu.be/dQw4w9WgXcQ"');
    expect(html).toContain('aria-label="Play video"');
    expect(html).not.toContain('<iframe');
  });

  it('never renders embed code before play', () => {
    const props = videoIslandProps({ extra: { type: 'html', customEmbedCode: '<iframe src="https://player.example/x"></iframe>' } }, t);
    const html = renderToString(createElement(VideoPlayer, props));
    expect(html).toContain('<button type="button" class="ef-video__poster"');
    expect(html).not.toContain('player.example');
  });
});
