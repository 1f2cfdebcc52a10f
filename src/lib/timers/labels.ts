/*
 * Countdown unit labels in the seed's twelve languages (requirements PAGE-LIMITS), selected by a timer's
 * `translate` setting. The builder stores either the language's English name ("German") or
 * its code ("de"); both are accepted, case-insensitively. English is the default.
 */

/** Unit labels of one language, and its writing direction. */
export interface TimerLabels {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
  dir: 'ltr' | 'rtl';
}

type Language = 'english' | 'french' | 'spanish' | 'german' | 'russian' | 'japanese' | 'chinese' | 'korean' | 'arabic' | 'dutch' | 'italian' | 'swedish';

const ltr = (days: string, hours: string, minutes: string, seconds: string): TimerLabels => ({
  days,
  hours,
  minutes,
  seconds,
  dir: 'ltr',
});

/** The label table, one row per language. */
export const TIMER_LABELS = {
  english: ltr('Days', 'Hours', 'Minutes', 'Seconds'),
  french: ltr('Jours', 'Heures', 'Minutes', 'Secondes'),
  spanish: ltr('Días', 'Horas', 'Minutos', 'Segundos'),
  german: ltr('Tage', 'Stunden', 'Minuten', 'Sekunden'),
  russian: ltr('Дней', 'Часов', 'Минут', 'Секунд'),
  japanese: ltr('日', '時間', '分', '秒'),
  chinese: ltr('天', '小时', '分钟', '秒'),
  korean: ltr('일', '시간', '분', '초'),
  arabic: { days: 'أيام', hours: 'ساعات', minutes: 'دقائق', seconds: 'ثواني', dir: 'rtl' },
  dutch: ltr('Dagen', 'Uren', 'Minuten', 'Seconden'),
  italian: ltr('Giorni', 'Ore', 'Minuti', 'Secondi'),
  swedish: ltr('Dagar', 'Timmar', 'Minuter', 'Sekunder'),
} as const satisfies Record<Language, TimerLabels>;

const CODES: Record<string, Language> = {
  en: 'english',
  fr: 'french',
  es: 'spanish',
  de: 'german',
  ru: 'russian',
  ja: 'japanese',
  jp: 'japanese',
  zh: 'chinese',
  cn: 'chinese',
  ko: 'korean',
  kr: 'korean',
  ar: 'arabic',
  nl: 'dutch',
  it: 'italian',
  sv: 'swedish',
  se: 'swedish',
};

/** The labels for a `translate` setting; unknown or empty settings give English. */
export function timerLabels(translate: unknown): TimerLabels {
  const key = typeof translate === 'string' ? translate.trim().toLowerCase() : '';
  if (key in TIMER_LABELS) return TIMER_LABELS[key as Language];
  const code = key.split(/[-_]/)[0] ?? '';
  return TIMER_LABELS[CODES[code] ?? 'english'];
}
