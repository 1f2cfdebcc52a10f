import { describe, expect, it } from 'vitest';
import englishForm from '../../locales/en/form.json';
import { bundledResources, contentLanguage, createI18n, LANGUAGES, partLanguage, resolveLanguage } from '../../src/lib/i18n';
import { acceptedTokens, acceptsGzip } from '../../src/lib/quality-list';
import { expandFormStrings, formStrings } from '../../src/widgets/form/strings';

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
    // A language refused with q=0 or a bare '*' is never picked.
    expect(resolveLanguage({ acceptLanguage: 'de;q=0, *, fr;q=0.5' })).toBe('fr');
  });
});

describe('the content language and the parts in another (requirements ELEMENTS-5)', () => {
  it('takes the seller’s tag as given, English when it is missing or malformed', () => {
    expect(contentLanguage('sv')).toBe('sv');
    expect(contentLanguage('pt_BR')).toBe('pt-BR');
    expect(contentLanguage(undefined)).toBe('en');
    expect(contentLanguage('"><script>')).toBe('en');
  });

  it('marks an interface part only when its language differs from the content’s', () => {
    expect(partLanguage('de', 'en')).toBe('de');
    expect(partLanguage('en', 'en')).toBeUndefined();
    expect(partLanguage('pt-br', 'pt-BR')).toBeUndefined();
    expect(partLanguage('en', 'sv')).toBe('en');
  });
});

describe('HTTP quality lists', () => {
  it('orders by q, then by order, and leaves out refusals and bad q values', () => {
    expect(acceptedTokens('a;q=0.5, b, c;q=0.9, d;q=0, e;q=x')).toEqual(['b', 'c', 'a']);
    expect(acceptedTokens(null)).toEqual([]);
  });

  it('says whether a client takes gzip', () => {
    expect(['gzip, deflate, br, zstd', 'GZIP', 'br;q=1, gzip;q=0.1'].map(acceptsGzip)).toEqual([true, true, true]);
    expect(['', 'br', 'identity', 'gzip;q=0, br', '*'].map(acceptsGzip)).toEqual([false, false, false, false, false]);
    expect(acceptsGzip(null)).toBe(false);
  });
});

describe('form strings sent to the browser', () => {
  const full = (lang: (typeof LANGUAGES)[number]) => {
    const { t } = createI18n(lang);
    return {
      ui: Object.fromEntries(Object.keys(englishForm.ui).map((key) => [key, t(`form:ui.${key}`)])),
      messages: Object.fromEntries(
        Object.keys(englishForm.validation).map((key) => [
          key,
          t(`form:validation.${key}`, { interpolation: { skipOnVariables: true }, skipInterpolation: true }),
        ]),
      ),
    };
  };

  it('sends nothing for an English page, and the browser has every English string', () => {
    expect(formStrings(createI18n('en').t)).toEqual({});
    expect(expandFormStrings({})).toEqual({ ui: englishForm.ui, messages: englishForm.validation });
  });

  it('sends the strings that differ from English and the browser puts together every string of the language', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const diff = formStrings(createI18n(lang).t);
      expect(Object.keys(diff.ui ?? {}).length, lang).toBeGreaterThan(0);
      expect(expandFormStrings(diff), lang).toEqual(full(lang));
    }
    // Templates keep their placeholders for the browser to fill.
    expect(formStrings(createI18n('de').t).messages?.tooLong).toContain('{{max}}');
  });
});
