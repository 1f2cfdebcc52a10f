/**
 * i18next for server-rendered screens: one instance per language, made once per isolate
 * and never switched afterwards (no `changeLanguage`), so requests can share it safely. Locale files are
 * `locales/<lang>/<namespace>.json`, bundled at build time with import.meta.glob because
 * workerd has no file system. A language without a file for a namespace logs a warning and
 * falls back to English (requirements PAGE-ERRORS).
 */
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from './languages';

export { acceptedLanguages, contentLanguage, DEFAULT_LANGUAGE, type Language, LANGUAGES, matchLanguage, partLanguage, resolveLanguage } from './languages';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' });

/** Bundled locale files as `{ [lang]: { [namespace]: messages } }`. */
export const bundledResources: Resources = Object.entries(files).reduce<Resources>((all, [path, messages]) => {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) return all;
  const [, lang, namespace] = match;
  all[lang] = { ...all[lang], [namespace]: messages };
  return all;
}, {});

/** A request's translator. */
export interface Translator {
  lang: Language;
  t: TFunction;
}

/** Every namespace there is an English file for (`page`, `page-runtime`, `timer`, …). */
export const NAMESPACES: readonly string[] = Object.keys(bundledResources[DEFAULT_LANGUAGE] ?? { page: {} });

const shared = new Map<Language, Translator>();

/**
 * The translator for `lang` over the given namespaces (default all; `page` is the default
 * one). With the default namespaces and bundled files it is made once per isolate and shared.
 */
export function createI18n(
  lang: Language,
  namespaces: readonly string[] = NAMESPACES,
  resources: Resources = bundledResources,
  warn: (message: string) => void = console.warn,
): Translator {
  const sharable = namespaces === NAMESPACES && resources === bundledResources;
  const known = sharable ? shared.get(lang) : undefined;
  if (known) return known;
  const translator = makeTranslator(lang, namespaces, resources, warn);
  if (sharable) shared.set(lang, translator);
  return translator;
}

function makeTranslator(lang: Language, namespaces: readonly string[], resources: Resources, warn: (message: string) => void): Translator {
  for (const ns of namespaces) {
    if (!resources[lang]?.[ns]) warn(`i18n: missing language file locales/${lang}/${ns}.json, using English`);
  }
  const instance = i18next.createInstance();
  instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    lowerCaseLng: true,
    ns: [...namespaces],
    defaultNS: namespaces.includes('page') ? 'page' : (namespaces[0] ?? 'page'),
    resources,
    initAsync: false,
    // Astro escapes every `{expression}`; escaping here too would double-escape.
    interpolation: { escapeValue: false },
  });
  return { lang, t: instance.t };
}
