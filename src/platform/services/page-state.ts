/**
 * The funnel page state of requirements PAGE-DATA, merged over a page document (requirements DOC-LAYOUT): where
 * the page sits in its funnel, the next step's link, the steps' links, the publishable
 * card key and what the renderer needs of the location. Pure: everything comes in.
 */
import { type Funnel, nextStep, type Step, stepUrl } from './funnels';
import { type Location, publishableOnly } from './locations';

export interface PageStateInput {
  document: Record<string, unknown>;
  page: { id: string; name: string; version: number };
  funnel: Funnel | null;
  steps: Step[];
  step: Step | null;
  location: Location;
  preview: boolean;
  /** The host the page was resolved by (domain_name), '' or absent when resolved by page id. */
  host?: string;
  /** A preview's signed preview paths of the steps' pages, by page id (./preview-links.ts). */
  previewUrls?: ReadonlyMap<string, string>;
  /** The platform's publishable key, used when the location has none of its own. */
  fallbackPublishableKey: string;
}

export type PageData = Record<string, unknown> & {
  pageId: string;
  funnelId: string;
  stepId: string;
  funnelNextStep: string;
  funnelNextPageId: string;
  pageMeta: Record<string, unknown> & { isPreviewUrl: boolean };
  funnelSteps: { id: string; url: string; value: string }[];
  version: number;
};

function objectOr(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function buildPageData(input: PageStateInput): PageData {
  const { document, page, funnel, steps, step, location, preview, host, previewUrls } = input;
  const next = funnel && step ? nextStep(steps, step) : null;
  const pageName = typeof document.pageName === 'string' && document.pageName ? document.pageName : page.name;
  return {
    ...document,
    pageId: page.id,
    pageName,
    locationId: location.id,
    pageMeta: { ...objectOr(document.pageMeta), isPreviewUrl: preview },
    funnelId: funnel?.id ?? '',
    funnelDomain: funnel?.domain ?? '',
    funnelName: funnel?.name ?? '',
    stepId: step?.id ?? '',
    funnelPageId: page.id,
    funnelNextStep: funnel && next ? stepUrl(funnel, next, host, previewUrls) : '',
    funnelNextPageId: next?.pageId ?? '',
    funnelSteps: funnel ? steps.map((s) => ({ id: s.id, url: stepUrl(funnel, s, host, previewUrls), value: s.name })) : [],
    // The location's country code: phone numbers on the page are validated for it.
    locationCode: location.country,
    stripePublishableKey: { key: location.stripePublishableKey || publishableOnly(input.fallbackPublishableKey) },
    version: page.version,
    // The membership site (requirements ROUTES-9): the page's own, else the location's.
    previewUrl: typeof document.previewUrl === 'string' && document.previewUrl ? document.previewUrl : location.membershipUrl,
    location: {
      id: location.id,
      name: location.name,
      country: location.country,
      currency: location.currency,
      timezone: location.timezone,
      language: location.language,
      phone: location.phone,
      email: location.email,
      branding: location.branding,
      tracking: location.tracking,
    },
  };
}
