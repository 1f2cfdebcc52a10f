/** A business location (the seller) and the domains that serve its funnels. */
import * as v from 'valibot';
import { countryCode, currencyCode, hostName, id, text, timeZone } from './common';

export const branding = v.looseObject({
  logoURL: v.optional(v.string(), ''),
  domain: v.optional(v.string(), ''),
  name: v.optional(v.string(), ''),
});

export const locationDocument = v.looseObject({
  id,
  name: text(200),
  country: v.optional(countryCode, 'US'),
  timezone: v.optional(timeZone, 'America/New_York'),
  currency: v.optional(currencyCode, 'USD'),
  language: v.optional(v.picklist(['en', 'de', 'pt-br', 'fr', 'hu', 'es', 'nl', 'it', 'pl']), 'en'),
  phone: v.optional(v.string(), ''),
  email: v.optional(v.string(), ''),
  branding: v.optional(branding, {}),
  /**
   * The location's membership site (requirements ROUTES-9): an http(s) URL, or a path on
   * the page's own site; get_page answers it as the page's `previewUrl`.
   */
  membershipUrl: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000), v.regex(/^(https?:\/\/[^/\s]\S*|\/(?!\/)\S*)?$/i, 'Invalid membership URL')), ''),
  /** The location's icon on its widget pages (form, survey, booking, provider): an http(s) URL or a site path; '' for the app's default. */
  favicon: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000), v.regex(/^(https?:\/\/[^/\s]\S*|\/(?!\/)\S*)?$/i, 'Invalid favicon URL')), ''),
  /** The location's tracking settings: its Facebook pixel and the event its pages track on load ('' → PageView, 'None' → none). */
  tracking: v.optional(
    v.looseObject({
      fbPixelId: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{0,20}$/, 'Invalid pixel id')), ''),
      fbPixelEvent: v.optional(v.pipe(v.string(), v.maxLength(50)), ''),
    }),
    {},
  ),
  /** Publishable key of the card provider; the secret key is a worker secret, never stored here. */
  stripePublishableKey: v.optional(v.string(), ''),
});
export type LocationDocument = v.InferOutput<typeof locationDocument>;

export const domainDocument = v.looseObject({
  host: hostName,
  locationId: id,
  funnelId: v.optional(v.nullable(id), null),
  robotsTxt: v.optional(v.pipe(v.string(), v.maxLength(20_000)), ''),
});
export type DomainDocument = v.InferOutput<typeof domainDocument>;
