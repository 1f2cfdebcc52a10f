/**
 * Where a form, survey or booking widget was filled in (issue 31): the `domain` and
 * `page_url` of the page it sat in, which the widget sends in its `funneEventData`
 * (`domain_name`, `page_url`: its funnel page's context, else its own query's `domain` and
 * `page_url`). Visitor input, kept only as what it must be: a host name and a path. A
 * `page_url` given as a whole http(s) URL gives its path, and its host when no domain came.
 * Anything else is dropped (null), never a reason to refuse the submission.
 */
import * as v from 'valibot';
import { domainName, pageUrl } from '../../schemas/funnel-calls';

export interface WidgetPlace {
  domain: string | null;
  pageUrl: string | null;
}

const parsed = <S extends v.GenericSchema<unknown, string>>(schema: S, value: unknown): string | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const result = v.safeParse(schema, value);
  return result.success ? result.output : null;
};

function absolute(value: unknown): URL | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
}

export function widgetPlaceOf(payload: Readonly<Record<string, unknown>>): WidgetPlace {
  const data = payload.funneEventData;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { domain: null, pageUrl: null };
  const { domain_name, page_url } = data as Record<string, unknown>;
  const url = absolute(page_url);
  return {
    domain: parsed(domainName, domain_name) ?? (url ? parsed(domainName, url.host) : null),
    pageUrl: parsed(pageUrl, url ? url.pathname : page_url),
  };
}
