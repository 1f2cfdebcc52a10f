/**
 * Every document kind the admin API stores, keyed by the name used in its URL
 * (/admin/v1/{kind}/{id}), listed in dependency order: a kind only points at kinds before
 * it, so importing in this order never meets a missing parent.
 */
import { calendarKind, calendarProviderKind } from './calendars';
import { domainKind } from './domains';
import { experimentKind } from './experiments';
import { formKind, surveyKind } from './forms';
import { funnelKind } from './funnels';
import type { DocumentKind } from './kind';
import { locationKind } from './locations';
import { pageKind } from './pages';
import { productKind } from './products';
import { webhookKind } from './webhooks';

export const KIND_ORDER = [
  'locations',
  'funnels',
  'domains',
  'pages',
  'products',
  'forms',
  'surveys',
  'calendar-providers',
  'calendars',
  'experiments',
  'webhooks',
] as const;
export type KindName = (typeof KIND_ORDER)[number];

// Each kind is typed by its own document; callers hand it the document its own schema parsed,
// so the registry forgets the document types (`satisfies` still proves every kind is there).
export const documentKinds = {
  locations: locationKind,
  funnels: funnelKind,
  domains: domainKind,
  pages: pageKind,
  products: productKind,
  forms: formKind,
  surveys: surveyKind,
  'calendar-providers': calendarProviderKind,
  calendars: calendarKind,
  experiments: experimentKind,
  webhooks: webhookKind,
} satisfies Record<KindName, object> as unknown as Record<KindName, DocumentKind>;

export function isKindName(name: string): name is KindName {
  return (KIND_ORDER as readonly string[]).includes(name);
}
