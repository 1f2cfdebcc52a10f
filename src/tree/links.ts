/**
 * Where a page's funnel links point (requirements ROUTES). get_page answers the next step and every
 * step as absolute URLs on the domain the page was requested on (or `/v2/preview/{pageId}`
 * without a domain). The renderer turns a URL on the requested host into a root-relative
 * path, so the visitor keeps the scheme and port they came with (http://localhost:4321 in
 * development, a second domain row of the same funnel), and carries the visitor's query
 * string to the step (the target's own keys win). Link normalisation and query carrying
 * themselves live in src/lib/links.ts; the markup of actions in src/tree/action-markup.ts.
 */
import type { StepLinks } from './action-markup';
import { httpUrl } from '../lib/http-url';
import { carryQuery, normaliseLink } from '../lib/links';
import type { PageDocument } from '../schemas/page';

/** `url` as a root-relative path when it is an http(s) URL on `host`; else unchanged. */
export function localHref(url: string, host: string): string {
  const parsed = host === '' ? null : httpUrl(url);
  return parsed && parsed.hostname.toLowerCase() === host.toLowerCase() ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
}

const pathOf = (url: string) => {
  try {
    return new URL(url, 'https://x.invalid').pathname;
  } catch {
    return '';
  }
};

/**
 * The URL of a funnel step named by `ref`: its id, its URL, its path (with or without the
 * leading slash) or its name. A root-relative ref that names no step is used as is. null
 * when nothing matches.
 */
export function findStepUrl(doc: Pick<PageDocument, 'funnelSteps'>, ref: string): string | null {
  const wanted = ref.trim();
  if (wanted === '') return null;
  const path = `/${wanted.replace(/^\/+/, '')}`;
  const step = (doc.funnelSteps ?? []).find((s) => s.id === wanted || s.url === wanted || (s.url && pathOf(s.url) === path) || s.value === wanted);
  if (step?.url) return step.url;
  return wanted.startsWith('/') ? wanted : null;
}

/** What a page's step links need: the document, the requested host and the visitor's query. */
export interface StepLinkInput {
  doc: Pick<PageDocument, 'funnelSteps' | 'funnelNextStep'>;
  host: string;
  query: string;
}

/** The next step's URL on the requested host, without the query ('' when there is none). */
export function nextStepHref({ doc, host }: Pick<StepLinkInput, 'doc' | 'host'>): string {
  const raw = (doc.funnelNextStep ?? '').trim();
  if (raw === '' || raw === '#') return '';
  const href = normaliseLink(raw);
  return href === '#' ? '' : localHref(href, host);
}

/** The step URLs for `actionMarkup`, with the visitor's query carried ('' = unknown step). */
export function stepLinks(input: StepLinkInput): StepLinks {
  const carry = (href: string) => (href === '' ? '' : carryQuery(href, input.query));
  return {
    nextStepUrl: carry(nextStepHref(input)),
    stepUrl: (ref) => {
      const url = findStepUrl(input.doc, ref);
      const href = url === null ? '#' : normaliseLink(url);
      return href === '#' ? '' : carry(localHref(href, input.host));
    },
  };
}
