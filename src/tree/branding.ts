/**
 * Company branding (requirements PAGE-DATA-2: logoURL, domain, name, as get_page answers
 * the location's `branding`), shown where the seed's pages show it: under a form or survey
 * whose style asks for it (`ac_branding`), as "Powered by" the company's logo and name,
 * linking to its domain. The words are the interface's; the name is the seller's.
 */
import { attrs, esc } from './html';
import type { RenderContext } from './context';
import { imageUrl } from './images';

export interface Branding {
  logoURL: string;
  domain: string;
  name: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The page's company branding, or null when it has neither a name nor a logo. */
export function pageBranding(doc: RenderContext['doc']): Branding | null {
  const raw = (doc as { location?: { branding?: Record<string, unknown> } }).location?.branding ?? {};
  const branding = { logoURL: str(raw.logoURL), domain: str(raw.domain), name: str(raw.name) };
  return branding.name || branding.logoURL ? branding : null;
}

/** The company's link target: its domain over https, or '' when it has none or it is not a plain host name. */
function domainHref(domain: string): string {
  const host = domain.replace(/^https?:\/\//i, '').replace(/\/.*$/, '');
  return /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? `https://${host}` : '';
}

/**
 * The "Powered by" line under a form or survey that asks for it (`ac_branding`), from the
 * page's company branding. A form that names its own `company` is branded by the form island
 * itself (src/widgets/form/branding.tsx), so the page adds nothing then: one line, never two.
 */
export function brandingHtml(
  ctx: RenderContext,
  form: { style?: { ac_branding?: boolean }; company?: { name?: string; logoURL?: string } | undefined },
): string {
  if (!form.style?.ac_branding || form.company?.name?.trim() || form.company?.logoURL?.trim()) return '';
  const branding = pageBranding(ctx.doc);
  if (!branding) return '';
  const logo = imageUrl(branding.logoURL, ctx.cdnBase);
  const inner =
    (logo ? `<img class="ef-branding__logo"${attrs({ src: logo, alt: branding.name ? '' : ctx.t('branding.logo'), height: '20', loading: 'lazy' })}>` : '') +
    (branding.name ? `<span class="ef-branding__name">${esc(branding.name)}</span>` : '');
  const href = domainHref(branding.domain);
  const company = href ? `<a${attrs({ href, target: '_blank', rel: 'noopener' })}>${inner}</a>` : inner;
  return `<p class="ef-branding" data-branding><span${attrs({ lang: ctx.uiLang })}>${esc(ctx.t('branding.poweredBy'))}</span> ${company}</p>`;
}
