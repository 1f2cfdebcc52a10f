/**
 * Cleaning and cutting visitor text, shared by browser and server. Single-line values
 * (names, emails, phones, ids, file names) may hold no control character at all; free text
 * may hold tabs and line breaks. Lone UTF-16 surrogates (half an emoji) cannot be stored as
 * UTF-8, so they become U+FFFD; cutting counts code points, so it never splits an emoji.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this module's job.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const CONTROL_IN_FREE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const CONTROL_ALL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const CONTROL_OR_SURROGATE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether `text` holds a control character; `freeText` allows tab, line feed and carriage return. */
export function hasControlChars(text: string, freeText = false): boolean {
  return (freeText ? CONTROL_IN_FREE_TEXT : CONTROL).test(text);
}

/** Whether `text` holds half of a surrogate pair. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** `text` with every lone surrogate replaced by U+FFFD, so it encodes as UTF-8. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD');
}

/** Control characters removed and lone surrogates replaced: for names the system derives (file names). */
export function cleanLine(text: string): string {
  // Most text holds neither (stored values were cleaned when written): answered as it is, nothing copied.
  if (!CONTROL_OR_SURROGATE.test(text)) return text;
  return wellFormed(text).replace(CONTROL_ALL, '');
}

/** The first (or, with `from: 'end'`, the last) `max` code points of `text`. */
export function cutText(text: string, max: number, from: 'start' | 'end' = 'start'): string {
  // No more UTF-16 units than `max` is no more code points either: nothing to cut, nothing to split.
  if (text.length <= max) return text;
  const points = Array.from(text);
  if (points.length <= max) return text;
  return (from === 'start' ? points.slice(0, max) : points.slice(points.length - max)).join('');
}

/** Length in code points, as a visitor counts characters. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
