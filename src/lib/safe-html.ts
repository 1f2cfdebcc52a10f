/*
 * Seller rich text made safe to render, with merge values filled in as text (issue 32).
 *
 * A survey's end texts are the seller's HTML with the visitor's answers merged in, and an
 * answer can be prefilled from a link anyone can craft. So the HTML is tokenized here (no
 * DOMParser: this runs in workerd and the browser alike) and rebuilt from an allow-list:
 * the tags a rich-text editor writes (paragraphs, line breaks, bold/italic/underline/strike,
 * headings, lists, links, images, simple tables, spans) and a few attributes each. Links and
 * image sources keep only http(s), mailto and tel URLs (normaliseLink, src/lib/links.ts);
 * a style that could load anything (`url(`, `@import`, `expression`) is dropped. Script and
 * the like (`<script>`, `<style>`, `<iframe>`, `<svg>`, …) go with everything inside them;
 * other unknown tags and comments are dropped and their text kept.
 *
 * Merge values are filled only after parsing, into text or into one attribute's value, and
 * are escaped for where they land: they can never become markup or leave their attribute.
 * In a URL attribute they fill only its path, query or fragment (fillUrlTemplate).
 */
import { normaliseLink } from './links';
import { fillPlaceholders } from './template';
import { fillUrlTemplate } from './url-template';

/** The value of a merge field, or undefined to keep the placeholder as written. */
export type MergeValue = (name: string, fallback: string) => string | undefined;

/** Escapes the five HTML-significant characters (safe in text and in a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const GLOBAL_ATTRIBUTES = ['class', 'style', 'title', 'dir', 'lang', 'align'];
const CELL = ['colspan', 'rowspan'];
/** Allowed tags and their attributes beyond the global ones. */
const TAGS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    'p br div span b strong i em u s strike del ins sub sup small mark blockquote hr ul ol li h1 h2 h3 h4 h5 h6 table thead tbody tr'
      .split(' ')
      .map((tag) => [tag, []]),
  ),
  a: ['href', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  td: CELL,
  th: CELL,
};
const VOID = new Set(['br', 'hr', 'img']);
const URL_ATTRIBUTES = new Set(['href', 'src']);
/** Tags dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set(
  'script style iframe frame frameset object embed svg math template noscript noembed noframes textarea title xmp plaintext select'.split(' '),
);
const UNSAFE_STYLE = /url\s*\(|@import|expression|javascript:|behavior|binding|[\\<>]/i;

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An attribute value with its character references decoded (what the browser would read). */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi, (whole, hex: string, dec: string, name: string) => {
    if (name) return Object.hasOwn(NAMED_ENTITIES, name.toLowerCase()) ? NAMED_ENTITIES[name.toLowerCase()]! : whole;
    const code = hex ? Number.parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

const TAG_NAME = /^<(\/?)([a-z][a-z0-9-]*)/i;
const ATTRIBUTE = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?|\s*\/|\s+/y;

/** A start or end tag read from `html` at `at` (which holds `<`); null when none is there. */
function readTag(html: string, at: number): { end: boolean; name: string; attributes: [string, string][]; next: number } | null {
  const head = TAG_NAME.exec(html.slice(at, at + 64));
  if (!head) return null;
  const attributes: [string, string][] = [];
  let cursor = at + head[0].length;
  while (cursor < html.length && html[cursor] !== '>') {
    ATTRIBUTE.lastIndex = cursor;
    const match = ATTRIBUTE.exec(html);
    if (!match || match[0] === '') return null;
    if (match[1]) attributes.push([match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')]);
    cursor = ATTRIBUTE.lastIndex;
  }
  // A tag never closed is no tag: its text is shown.
  if (cursor >= html.length) return null;
  return { end: head[1] === '/', name: head[2]!.toLowerCase(), attributes, next: cursor + 1 };
}

/** One allowed attribute, filled and checked, as ` name="value"`; '' when it is dropped. */
function safeAttribute(name: string, raw: string, mergeValue: MergeValue): string {
  let value: string;
  if (URL_ATTRIBUTES.has(name)) {
    const filled = fillUrlTemplate(raw, (field) => mergeValue(field, '') ?? '').trim();
    value = normaliseLink(filled);
    if (value === '#' && filled !== '#') return '';
  } else {
    value = fillPlaceholders(raw, (field, whole, _offset, fallback) => mergeValue(field, fallback) ?? whole);
    if (name === 'style' && UNSAFE_STYLE.test(value)) return '';
    if (name === 'target' && value !== '_blank' && value !== '_self') return '';
  }
  return ` ${name}="${escapeHtml(value)}"`;
}

function startTag(name: string, attributes: [string, string][], mergeValue: MergeValue): string {
  const allowed = new Set([...GLOBAL_ATTRIBUTES, ...(TAGS[name] ?? [])]);
  const kept = attributes.filter(([attribute]) => allowed.has(attribute));
  const parts = kept.map(([attribute, value]) => safeAttribute(attribute, value, mergeValue));
  const blank = kept.some(([attribute, value]) => attribute === 'target' && value === '_blank');
  return `<${name}${parts.join('')}${blank ? ' rel="noopener noreferrer"' : ''}>`;
}

/**
 * `html` rebuilt from the allow-list, with each `{{field}}` filled by `mergeValue` as text
 * (escaped for the text or attribute it lands in); open tags are closed at the end.
 */
export function sanitiseHtml(html: string, mergeValue: MergeValue = () => undefined): string {
  const text = (raw: string) =>
    fillPlaceholders(raw.replace(/>/g, '&gt;'), (field, whole, _offset, fallback) => escapeHtml(mergeValue(field, fallback) ?? whole));
  const open: string[] = [];
  let out = '';
  let cursor = 0;
  while (cursor < html.length) {
    const lt = html.indexOf('<', cursor);
    if (lt < 0) {
      out += text(html.slice(cursor));
      break;
    }
    out += text(html.slice(cursor, lt));
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      cursor = close < 0 ? html.length : close + 3;
      continue;
    }
    if (/^<[!?]/.test(html.slice(lt, lt + 2))) {
      const close = html.indexOf('>', lt);
      cursor = close < 0 ? html.length : close + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out += '&lt;';
      cursor = lt + 1;
      continue;
    }
    cursor = tag.next;
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      if (!tag.end) {
        const closing = new RegExp(`</${tag.name}`, 'gi');
        closing.lastIndex = cursor;
        const close = closing.exec(html)?.index ?? -1;
        const after = close < 0 ? -1 : html.indexOf('>', close);
        cursor = after < 0 ? html.length : after + 1;
      }
      continue;
    }
    if (!Object.hasOwn(TAGS, tag.name)) continue;
    if (!tag.end) {
      out += startTag(tag.name, tag.attributes, mergeValue);
      if (!VOID.has(tag.name)) open.push(tag.name);
      continue;
    }
    const index = open.lastIndexOf(tag.name);
    if (index < 0) continue;
    while (open.length > index) out += `</${open.pop()}>`;
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
