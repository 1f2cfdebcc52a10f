/**
 * The published document of a funnel page (requirements DOC-LAYOUT, requirements PAGE-DATA).
 *
 * Tolerant by design: builders send keys we do not know, so every object is a loose
 * object (unknown keys are kept), `meta` and `type` accept any string (an unknown element
 * type is allowed here and ignored by the renderer), and `extra` is validated per element
 * type by the element's own schema, not here. The funnel page state fields (funnelId,
 * funnelNextStep, funnelSteps, …) are optional: the API adds them when it answers
 * get_page, a builder's PUT need not send them.
 */
import * as v from 'valibot';

const stringList = v.array(v.string());
/** CSS properties in camelCase with their values. */
const styleMap = v.record(v.string(), v.union([v.string(), v.number()]));

/** One element of the flat `elements` list; children are referenced by id in `child`. */
export const pageElement = v.looseObject({
  id: v.pipe(v.string(), v.nonEmpty('is required')),
  type: v.string(),
  meta: v.optional(v.string(), ''),
  tagName: v.optional(v.string()),
  child: v.optional(stringList, []),
  class: v.optional(stringList, []),
  styles: v.optional(styleMap, {}),
  /** Settings under the seed's key names; each element type validates its own. */
  extra: v.optional(v.looseObject({}), {}),
});
export type PageElement = v.InferOutput<typeof pageElement>;

const customMetaItem = v.looseObject({ name: v.optional(v.string(), ''), content: v.optional(v.string(), '') });

export const pageMeta = v.looseObject({
  title: v.optional(v.string()),
  description: v.optional(v.string()),
  author: v.optional(v.string()),
  imageUrl: v.optional(v.string()),
  keywords: v.optional(v.string()),
  customMeta: v.optional(v.array(customMetaItem)),
  isPreviewUrl: v.optional(v.boolean()),
});
export type PageMeta = v.InferOutput<typeof pageMeta>;

export const colorSwatch = v.looseObject({ label: v.optional(v.string(), ''), value: v.optional(v.string(), '') });

/** `general` of requirements DOC-LAYOUT; the seed's funnel page state also puts these keys at its top. */
export const pageGeneral = v.looseObject({
  general: v.optional(
    v.looseObject({
      fontsToLoad: v.optional(stringList),
      fontsToLoadForPreview: v.optional(stringList),
      pageStyles: v.optional(v.string()),
    }),
  ),
  colors: v.optional(v.array(colorSwatch)),
  fontsToLoad: v.optional(stringList),
  fontsToLoadForPreview: v.optional(stringList),
  pageStyles: v.optional(v.string()),
});

export const background = v.looseObject({
  value: v.optional(v.looseObject({ url: v.optional(v.string()), options: v.optional(v.string()) })),
  opacity: v.optional(v.union([v.number(), v.string()])),
  svgCode: v.optional(v.string()),
  svgEncode: v.optional(v.string()),
});
export type Background = v.InferOutput<typeof background>;

export const defaultSettings = v.looseObject({
  typography: v.optional(
    v.looseObject({
      headlineFont: v.optional(v.string()),
      contentFont: v.optional(v.string()),
      textColor: v.optional(v.string()),
      linkColor: v.optional(v.string()),
    }),
  ),
  background: v.optional(background),
});

export const popup = v.looseObject({
  id: v.string(),
  exitIntent: v.optional(v.boolean()),
  child: v.optional(stringList, []),
});

/** A step of the funnel as the page state lists it: `url` is the step's path or link. */
export const funnelStepRef = v.looseObject({
  id: v.string(),
  url: v.optional(v.string()),
  value: v.optional(v.unknown()),
});

export const pageDocument = v.looseObject({
  pageId: v.optional(v.string()),
  pageName: v.optional(v.string()),
  locationId: v.optional(v.string()),
  headerCode: v.optional(v.string()),
  footerCode: v.optional(v.string()),
  favicon: v.optional(v.string()),
  globalHeadTrackingCode: v.optional(v.string()),
  globalBodyTrackingCode: v.optional(v.string()),
  pageStyles: v.optional(v.string()),
  pageMeta: v.optional(pageMeta),
  general: v.optional(pageGeneral),
  defaultSettings: v.optional(defaultSettings),
  elements: v.optional(v.array(pageElement), []),
  popups: v.optional(v.array(popup), []),
  /** Page language for visitor-facing strings (en, de, pt-br, …). */
  language: v.optional(v.string()),
  // Funnel page state (requirements PAGE-DATA), filled in by get_page.
  funnelId: v.optional(v.string()),
  funnelDomain: v.optional(v.nullable(v.string())),
  stepId: v.optional(v.string()),
  locationCode: v.optional(v.string()),
  funnelPageId: v.optional(v.string()),
  funnelNextStep: v.optional(v.nullable(v.string())),
  funnelNextPageId: v.optional(v.nullable(v.string())),
  stripePublishableKey: v.optional(v.nullable(v.looseObject({ key: v.optional(v.string()) }))),
  funnelName: v.optional(v.string()),
  funnelSteps: v.optional(v.array(funnelStepRef)),
  version: v.optional(v.union([v.number(), v.string()])),
  // The visitor's, not the page's (requirements PAGE-DATA-2): set in the browser by the page
  // runtime (`data-speed-test`, src/lib/tracking/speed-test.ts; `data-mobile`,
  // src/client/mobile.ts), as the page's copy is shared. A stored value is kept and not read.
  speedTest: v.optional(v.boolean()),
  mobileDevice: v.optional(v.boolean()),
});
export type PageDocument = v.InferOutput<typeof pageDocument>;
