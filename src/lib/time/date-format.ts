/**
 * Intl.DateTimeFormat, made once per language and options and kept. Making one costs far
 * more than using it (and the first in a page, which loads the ICU data, about 20 ms in
 * Chromium), and a calendar formats a label for each of its 42 days. Browser and server.
 */
const made = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `locale` and `options`, as `new Intl.DateTimeFormat` (which throws on an unknown zone). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    made.set(key, format);
  }
  return format;
}
