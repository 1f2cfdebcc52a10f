/**
 * The provider and service pages of /widget/appointment (requirements WIDGET-ROUTES): which page a path
 * names, and the provider's services as the list shows them.
 */
import { contentLanguage, type Translator } from '../../lib/i18n';
import { eventColorOf } from '../../schemas/calendar';
import { widgetFavicon } from '../favicon';
import { widgetTranslator } from '../locale-cookie';
import type { Loaded } from './load';
import type { ApiFetch } from '../../platform/client';
import { bookingPageData, cancelPageData } from './page-data';

/** Requirements WIDGET-LIMITS text limits. */
export const SERVICE_DESCRIPTION_LIMIT = 70;
/** Requirements WIDGET-LIMITS: a service's description on its own page. */
export const SERVICE_PAGE_DESCRIPTION_LIMIT = 240;
export const PROVIDER_DESCRIPTION_LIMIT = 330;
export const PROVIDER_MORE_ABOVE = 230;

export interface ServiceItem {
  name: string;
  description: string;
  color: string;
  href: string;
  duration: number;
}

export interface ProviderView {
  name: string;
  /** The location's icon (src/widgets/favicon.ts). */
  favicon: string;
  description: string;
  services: ServiceItem[];
  /** The language the provider wrote its page in: the page's `<html lang>` (requirements ELEMENTS-5). */
  contentLang: string;
}

/** Cuts text at `limit` characters (code points, so no emoji is split), with an ellipsis. */
export function cut(text: string, limit: number): string {
  const chars = [...text.trim()];
  return chars.length > limit ? `${chars.slice(0, limit).join('').trimEnd()}…` : chars.join('');
}

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely, field by field.
type Loose = Record<string, any>;

async function servicesOf(api: ApiFetch, query: URLSearchParams): Promise<Loaded<Loose>> {
  const res = await api(`/appointment/services?${query}`);
  const body = (await res.json().catch(() => ({}))) as Loose;
  return res.ok ? { ok: true, value: body } : { ok: false, status: res.status, msg: String(body.msg ?? '') };
}

export async function providerPageData(
  api: ApiFetch,
  request: Request,
  url: URL,
  providerRef: string,
): Promise<{ translator: Translator; loaded: Loaded<ProviderView> }> {
  let translator = widgetTranslator(request);
  const byId = url.searchParams.get('use_id_instead_of_slug');
  const q = new URLSearchParams({ calendar_provider_slug: providerRef, ...(byId ? { use_id_instead_of_slug: byId } : {}) });
  const answer = await servicesOf(api, q);
  if (!answer.ok) return { translator, loaded: answer };
  const provider = answer.value.calendarProvider as Loose;
  // The provider's page speaks its language (issue 31), unless the visitor chose one.
  const language = typeof provider.language === 'string' ? provider.language : undefined;
  translator = widgetTranslator(request, language);
  const keep = new URLSearchParams(
    [...url.searchParams].filter(([k]) => ['lang', 'use24hFormat', 'color', 'notrack', 'redirect', 'use_id_instead_of_slug'].includes(k)),
  );
  const suffix = keep.size ? `?${keep}` : '';
  const services = (answer.value.services as Loose[]).map((s) => ({
    name: String(s.name ?? ''),
    description: cut(String(s.description ?? ''), SERVICE_DESCRIPTION_LIMIT),
    color: eventColorOf(s.event_color),
    duration: Number(s.slot_duration) || 0,
    href: `/widget/appointment/${encodeURIComponent(providerRef)}/${encodeURIComponent(byId ? String(s.id) : String(s.slug))}${suffix}`,
  }));
  return {
    translator,
    loaded: {
      ok: true,
      value: {
        name: String(provider.calendar_provider_name || provider.name || ''),
        favicon: widgetFavicon(answer.value.favicon),
        description: cut(String(provider.calendar_provider_description ?? ''), PROVIDER_DESCRIPTION_LIMIT),
        services,
        contentLang: contentLanguage(language),
      },
    },
  };
}

/** The calendar id a service path names (with its provider, or by the service alone). */
export async function serviceCalendarId(api: ApiFetch, url: URL, service: string, provider: string | null): Promise<Loaded<string>> {
  const byId = url.searchParams.get('use_id_instead_of_slug');
  const q = new URLSearchParams({
    calendar_slug: service,
    ...(provider ? { calendar_provider_slug: provider } : {}),
    ...(byId ? { use_id_instead_of_slug: byId } : {}),
  });
  const answer = await servicesOf(api, q);
  if (!answer.ok) return answer;
  const id = (answer.value.services as Loose[])[0]?.id;
  return typeof id === 'string' ? { ok: true, value: id } : { ok: false, status: 404, msg: 'Unable to find calendar' };
}

export type AppointmentRoute =
  | { kind: 'provider'; provider: string }
  | { kind: 'service'; provider: string | null; service: string }
  | { kind: 'cancel' }
  | { kind: 'missing' };

/** /widget/appointment/{provider?}/{service?}, /service/{service} and /service/{service}/cancel. */
export function appointmentRoute(path: string, group: string | null): AppointmentRoute {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'service') {
    if (parts.length === 2 && parts[1]) return { kind: 'service', provider: null, service: parts[1] };
    if (parts.length === 3 && parts[2] === 'cancel') return { kind: 'cancel' };
    return { kind: 'missing' };
  }
  const provider = parts[0] ?? group;
  if (!provider || parts.length > 2) return { kind: 'missing' };
  return parts[1] ? { kind: 'service', provider, service: parts[1] } : { kind: 'provider', provider };
}

export { bookingPageData, cancelPageData };
