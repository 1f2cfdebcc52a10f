/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { runtimeMessages, videoMessages } from '../../src/tree/messages';

const LANGUAGES = ['en', 'de', 'pt-br', 'fr', 'hu', 'es', 'nl', 'it', 'pl'];
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/{timer,page-runtime}.json', { eager: true, import: 'default' });

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function lookup(data: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);
}

describe('locales of the timer and page-runtime namespaces', () => {
  for (const namespace of ['timer', 'page-runtime']) {
    it(`${namespace}: every language has every English key, each a non-empty string`, () => {
      const english = files[`../../locales/en/${namespace}.json`]!;
      const expected = keys(english).sort();
      for (const language of LANGUAGES) {
        const data = files[`../../locales/${language}/${namespace}.json`];
        expect(data, `${language}/${namespace}.json`).toBeDefined();
        expect(keys(data).sort(), language).toEqual(expected);
        for (const key of expected) expect(String(lookup(data!, key)).trim(), `${language} ${key}`).not.toBe('');
      }
    });
  }

  it('the message builders use keys that exist', () => {
    const english = { timer: files['../../locales/en/timer.json']!, 'page-runtime': files['../../locales/en/page-runtime.json']! };
    const t = (key: string) => {
      const [namespace, path] = key.split(':') as [keyof typeof english, string];
      const value = lookup(english[namespace], path);
      if (typeof value !== 'string') throw new Error(`missing ${key}`);
      return value;
    };
    expect(runtimeMessages(t).membershipError).toBe('Sorry something went wrong.');
    expect(videoMessages(t).loadError).toBe('The video could not be loaded.');
    expect(t('timer:region')).toBe('Time remaining');
  });
});
