/**
 * The account's branding under a form or a survey (requirements WIDGET-ROWS): shown when the
 * form's style turns `ac_branding` on and its `company` names a name or a logo; both link to
 * the company's domain when it has one. Only http(s) or site URLs are used, as everywhere.
 */
import { httpUrl, isHttpUrl, isSitePath } from '../../lib/http-url';
import { fillTemplate } from '../../lib/template';
import type { CompanyBranding } from '../../schemas/form';

interface Props {
  on: boolean;
  company: CompanyBranding | undefined;
  /** "Powered by {{name}}" in the visitor's language. */
  label: string;
}

/** The company's site: its domain as typed ("brightpath.example" or a full http(s) URL). */
function siteOf(domain: string): string | null {
  const typed = domain.trim();
  if (!typed) return null;
  return httpUrl(/^https?:\/\//i.test(typed) ? typed : `https://${typed}`)?.toString() ?? null;
}

export function Branding({ on, company, label }: Props) {
  if (!on || !company) return null;
  const name = company.name.trim();
  const logo = company.logoURL.trim();
  const logoSrc = isHttpUrl(logo) || isSitePath(logo) ? logo : '';
  if (!name && !logoSrc) return null;
  const text = fillTemplate(label, { name });
  const content = (
    <>
      {logoSrc && <img className="ef-branding__logo" src={logoSrc} alt={name ? '' : text} height={20} loading="lazy" decoding="async" />}
      {name && <span>{text}</span>}
    </>
  );
  const site = siteOf(company.domain);
  return (
    <p className="ef-branding" data-testid="form-branding">
      {site ? (
        <a className="ef-branding__link" href={site} target="_blank" rel="noopener">
          {content}
        </a>
      ) : (
        content
      )}
    </p>
  );
}
