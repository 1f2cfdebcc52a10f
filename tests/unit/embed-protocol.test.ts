import { describe, expect, it } from 'vitest';
import {
  EMBED_SOURCE,
  EMBED_VERSION,
  type EmbedWindow,
  frameHeight,
  isHello,
  parentOrigin,
  postBookingComplete,
  postCloseWindow,
  postToParent,
  readEmbedMessage,
} from '../../src/widgets/embed/protocol';
import { MAX_RELAYED_TOUCH, relayedTouch, relayTouch, withRelayedTouch } from '../../src/client/relayed-touch';

/** A framed window: records what it posts to its parent. */
function framed(init: { ancestor?: string; referrer?: string } = {}) {
  const sent: { message: unknown; origin: string }[] = [];
  const win: EmbedWindow = {
    parent: { postMessage: (message, origin) => sent.push({ message, origin }) },
    location: { ancestorOrigins: init.ancestor ? { length: 1, 0: init.ancestor } : { length: 0 } },
    document: { referrer: init.referrer ?? '' },
  };
  return { win, sent };
}

describe('frameHeight (requirements WIDGET-LIMITS)', () => {
  it('is the scroll height over 500, else 560', () => {
    expect(frameHeight(501)).toBe(501);
    expect(frameHeight(1200.4)).toBe(1201);
    expect(frameHeight(500)).toBe(560);
    expect(frameHeight(0)).toBe(560);
  });

  it('adds the offset (the calendar adds 50) only above the threshold', () => {
    expect(frameHeight(700, 50)).toBe(750);
    expect(frameHeight(400, 50)).toBe(560);
  });
});

describe('posting to the parent', () => {
  it('tags every message with the source and the version', () => {
    const { win, sent } = framed({ ancestor: 'https://seller.example' });
    postBookingComplete('fp_1', 'cal_1', win);
    postCloseWindow(win);
    expect(sent).toEqual([
      {
        message: { type: 'booking-complete', fingerprint: 'fp_1', calendarId: 'cal_1', source: EMBED_SOURCE, version: EMBED_VERSION },
        origin: 'https://seller.example',
      },
      { message: { type: 'close-window', source: EMBED_SOURCE, version: EMBED_VERSION }, origin: 'https://seller.example' },
    ]);
  });

  it('targets the parent origin from the referrer when ancestorOrigins is missing, else any', () => {
    expect(parentOrigin(framed({ referrer: 'http://localhost:9000/page.html?x=1' }).win)).toBe('http://localhost:9000');
    expect(parentOrigin(framed().win)).toBe('*');
    expect(parentOrigin(framed({ referrer: 'not a url' }).win)).toBe('*');
  });

  it('posts nothing when the widget is not framed', () => {
    const sent: unknown[] = [];
    const win = { postMessage: (m: unknown) => sent.push(m) } as unknown as EmbedWindow & { parent: unknown };
    (win as { parent: unknown }).parent = win;
    postToParent({ type: 'height', height: 600 }, win);
    expect(sent).toEqual([]);
  });
});

describe('readEmbedMessage', () => {
  const tag = { source: EMBED_SOURCE, version: EMBED_VERSION };

  it('reads the widget messages', () => {
    expect(readEmbedMessage({ ...tag, type: 'height', height: 720 })).toEqual({ type: 'height', height: 720 });
    expect(readEmbedMessage({ ...tag, type: 'booking-complete', fingerprint: 'f', calendarId: 'c' })).toEqual({
      type: 'booking-complete',
      fingerprint: 'f',
      calendarId: 'c',
    });
    expect(readEmbedMessage({ ...tag, type: 'close-window' })).toEqual({ type: 'close-window' });
    expect(readEmbedMessage({ ...tag, type: 'redirect', url: 'https://x.example/a' })).toEqual({ type: 'redirect', url: 'https://x.example/a' });
  });

  it('ignores other sources, versions, types and malformed fields', () => {
    for (const data of [
      null,
      'height',
      { type: 'height', height: 700 },
      { ...tag, version: 2, type: 'height', height: 700 },
      { ...tag, source: 'iframe-resizer', type: 'height', height: 700 },
      { ...tag, type: 'height', height: '700' },
      { ...tag, type: 'height', height: Number.NaN },
      { ...tag, type: 'booking-complete', fingerprint: 1, calendarId: 'c' },
      { ...tag, type: 'redirect', url: 'javascript:alert(1)' },
      { ...tag, type: 'navigate' },
    ]) {
      expect(readEmbedMessage(data)).toBeNull();
    }
  });

  it('recognises the loader hello', () => {
    expect(isHello({ ...tag, type: 'hello' })).toBe(true);
    expect(isHello({ type: 'hello' })).toBe(false);
  });
});

describe('the touch the loader relays in its hello (src/client/relayed-touch.ts)', () => {
  const page = () => ({ documentElement: { dataset: {} as DOMStringMap } }) as unknown as Document;
  const host =
    'utm_source=partner&utm_campaign=spring+sale&fbclid=IwAR9&ef_url=https%3A%2F%2Fpartner.example%2Fpost%3Futm_source%3Dpartner&ef_referrer=https%3A%2F%2Fsearch.example%2F';

  it('keeps the campaign parameters, the host page and its referrer, and drops any other parameter', () => {
    const doc = page();
    relayTouch(doc, `${host}&private=secret&utm_source=second&notrack=1`);
    const kept = new URLSearchParams(relayedTouch(doc));
    expect(Object.fromEntries(kept)).toEqual({
      utm_source: 'partner',
      utm_campaign: 'spring sale',
      fbclid: 'IwAR9',
      ef_url: 'https://partner.example/post?utm_source=partner',
      ef_referrer: 'https://search.example/',
    });
  });

  it('ignores a touch that is not a string, is empty, names nothing it keeps, or is over 3000 characters', () => {
    for (const touch of [undefined, 42, { utm_source: 'x' }, '', 'private=secret', `utm_source=${'x'.repeat(MAX_RELAYED_TOUCH)}`]) {
      const doc = page();
      relayTouch(doc, touch);
      expect(relayedTouch(doc)).toBe('');
    }
  });

  it('reports the frame’s own query with the relayed touch, whose parameters take the place of the frame’s own', () => {
    const doc = page();
    expect(withRelayedTouch('?utm_source=frame&lang=de', doc)).toBe('?utm_source=frame&lang=de');
    relayTouch(doc, host);
    const merged = new URLSearchParams(withRelayedTouch('?utm_source=frame&utm_medium=frame&lang=de', doc));
    expect([...merged]).toEqual([...new URLSearchParams(host), ['utm_medium', 'frame'], ['lang', 'de']]);
  });
});
