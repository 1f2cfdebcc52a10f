import { describe, expect, it } from 'vitest';
import { bundledResources, createI18n, LANGUAGES, resolveLanguage } from '../../src/lib/i18n';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('locale files', () => {
  const english = bundledResources.en ?? {};

  it('has every English namespace in every language', () => {
    for (const lang of LANGUAGES) expect(Object.keys(bundledResources[lang] ?? {}).sort(), lang).toEqual(Object.keys(english).sort());
  });

  it('has every English key, non-empty, in every language', () => {
    for (const [ns, messages] of Object.entries(english)) {
      for (const lang of LANGUAGES) {
        const translated = bundledResources[lang]?.[ns];
        for (const key of keysOf(messages)) {
          const value = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], translated);
          expect(typeof value === 'string' && value.trim() !== '', `${lang}/${ns}.json: ${key}`).toBe(true);
        }
      }
    }
  });
});

describe('createI18n', () => {
  it('translates with interpolation and keeps instances apart', () => {
    const de = createI18n('de');
    const fr = createI18n('fr');
    expect(de.t('error.status', { status: 503 })).toBe('Fehler 503');
    expect(fr.t('notFound.title')).toBe('Cette page est introuvable');
    expect(de.t('notFound.title')).toBe('Diese Seite wurde nicht gefunden');
  });

  it('warns and falls back to English when a language file is missing', () => {
    const warnings: string[] = [];
    const { t } = createI18n('nl', ['page'], { en: { page: { hello: 'Hello' } } }, (m) => warnings.push(m));
    expect(t('hello')).toBe('Hello');
    expect(warnings).toEqual(['i18n: missing language file locales/nl/page.json, using English']);
  });
});

describe('resolveLanguage', () => {
  it('prefers ?lang, then the page language, then Accept-Language, then English', () => {
    expect(resolveLanguage({ pageLanguage: 'de', queryLanguage: 'fr', acceptLanguage: 'es' })).toBe('fr');
    expect(resolveLanguage({ pageLanguage: 'de', acceptLanguage: 'es' })).toBe('de');
    expect(resolveLanguage({ queryLanguage: 'fr', acceptLanguage: 'es' })).toBe('fr');
    expect(resolveLanguage({ acceptLanguage: 'ja, pt-BR;q=0.9, de;q=0.95' })).toBe('de');
    expect(resolveLanguage({ acceptLanguage: 'pt-PT' })).toBe('pt-br');
    expect(resolveLanguage({ pageLanguage: 'xx', acceptLanguage: 'ja' })).toBe('en');
  });
});
