/**
 * The element registry: every `meta` of requirements DOC-LAYOUT mapped to its definition: the
 * valibot schema of its `extra` and its renderer, in its own folder. `satisfies
 * Record<ElementMeta, …>` makes a missing type a compile error; there is no switch anywhere.
 *
 * Most elements render to a string (`html`, a pure function in `<meta>/render.ts` taking
 * `ElementProps<Extra>` from src/tree/context.ts and its children's HTML): the whole tree is
 * rendered in one pass by src/tree/render-html.ts, which keeps a fresh render within a few
 * milliseconds. An interactive element (an island) is an Astro `component` instead
 * (`<meta>.astro`, rendering its React island with `client:visible` or `client:idle`,
 * since directives need Astro); it has no child elements.
 *
 * Adding an element type: create `src/elements/<meta>/` with `schema.ts` (exporting
 * `extraSchema`) and `render.ts` (or `<meta>.astro` for an island), add the meta to
 * ELEMENT_METAS and one line here.
 */
import type { ElementMeta } from '../schemas/page';
import type { ElementProps } from '../tree/context';
import type { ExtraSchema } from '../tree/extra';
import { renderBulletList } from './bullet-list/render';
import { extraSchema as bulletListExtra } from './bullet-list/schema';
import { renderButton } from './button/render';
import { extraSchema as buttonExtra } from './button/schema';
import Calendar from './calendar/calendar.astro';
import { extraSchema as calendarExtra } from './calendar/schema';
import { renderColumn } from './column/render';
import { extraSchema as columnExtra } from './column/schema';
import { renderCountdown } from './countdown/render';
import { extraSchema as countdownExtra } from './countdown/schema';
import { renderCustomCode } from './custom-code/render';
import { extraSchema as customCodeExtra } from './custom-code/schema';
import { renderDayTimer } from './day-timer/render';
import { extraSchema as dayTimerExtra } from './day-timer/schema';
import { renderDivider } from './divider/render';
import { extraSchema as dividerExtra } from './divider/schema';
import Form from './form/form.astro';
import { extraSchema as formExtra } from './form/schema';
import { renderHeading } from './heading/render';
import { extraSchema as headingExtra } from './heading/schema';
import { renderImage } from './image/render';
import { extraSchema as imageExtra } from './image/schema';
import { renderImageFeature } from './image-feature/render';
import { extraSchema as imageFeatureExtra } from './image-feature/schema';
import { renderMap } from './map/render';
import { extraSchema as mapExtra } from './map/schema';
import { renderMinuteTimer } from './minute-timer/render';
import { extraSchema as minuteTimerExtra } from './minute-timer/schema';
import { renderNavMenu } from './nav-menu/render';
import { extraSchema as navMenuExtra } from './nav-menu/schema';
import OneStepOrder from './one-step-order/one-step-order.astro';
import { extraSchema as oneStepOrderExtra } from './one-step-order/schema';
import { renderParagraph } from './paragraph/render';
import { extraSchema as paragraphExtra } from './paragraph/schema';
import { renderProgressBar } from './progress-bar/render';
import { extraSchema as progressBarExtra } from './progress-bar/schema';
import { renderRow } from './row/render';
import { extraSchema as rowExtra } from './row/schema';
import { renderSection } from './section/render';
import { extraSchema as sectionExtra } from './section/schema';
import { renderSubHeading } from './sub-heading/render';
import { extraSchema as subHeadingExtra } from './sub-heading/schema';
import Survey from './survey/survey.astro';
import { extraSchema as surveyExtra } from './survey/schema';
import { renderSvg } from './svg/render';
import { extraSchema as svgExtra } from './svg/schema';
import TwoSetpOrder from './two-setp-order/two-setp-order.astro';
import { extraSchema as twoSetpOrderExtra } from './two-setp-order/schema';
import Video from './video/video.astro';
import { extraSchema as videoExtra } from './video/schema';

/** A string renderer: the element's HTML around its children's (`children`, already rendered). */
export type HtmlRenderer = (props: ElementProps<never>, children: string) => string;

/** One element type: how to read its `extra` and what renders it. */
export type ElementDefinition =
  | { extra: ExtraSchema<unknown>; html: HtmlRenderer; component?: undefined }
  /** An island: an Astro component taking `ElementProps<Extra>`. */
  | { extra: ExtraSchema<unknown>; component: (props: never) => unknown; html?: undefined };

export const elementRegistry = {
  section: { extra: sectionExtra, html: renderSection },
  row: { extra: rowExtra, html: renderRow },
  column: { extra: columnExtra, html: renderColumn },
  heading: { extra: headingExtra, html: renderHeading },
  'sub-heading': { extra: subHeadingExtra, html: renderSubHeading },
  paragraph: { extra: paragraphExtra, html: renderParagraph },
  'bullet-list': { extra: bulletListExtra, html: renderBulletList },
  button: { extra: buttonExtra, html: renderButton },
  image: { extra: imageExtra, html: renderImage },
  video: { extra: videoExtra, component: Video },
  'custom-code': { extra: customCodeExtra, html: renderCustomCode },
  'one-step-order': { extra: oneStepOrderExtra, component: OneStepOrder },
  'two-setp-order': { extra: twoSetpOrderExtra, component: TwoSetpOrder },
  countdown: { extra: countdownExtra, html: renderCountdown },
  'day-timer': { extra: dayTimerExtra, html: renderDayTimer },
  'minute-timer': { extra: minuteTimerExtra, html: renderMinuteTimer },
  form: { extra: formExtra, component: Form },
  calendar: { extra: calendarExtra, component: Calendar },
  survey: { extra: surveyExtra, component: Survey },
  divider: { extra: dividerExtra, html: renderDivider },
  'nav-menu': { extra: navMenuExtra, html: renderNavMenu },
  map: { extra: mapExtra, html: renderMap },
  svg: { extra: svgExtra, html: renderSvg },
  'progress-bar': { extra: progressBarExtra, html: renderProgressBar },
  'image-feature': { extra: imageFeatureExtra, html: renderImageFeature },
} satisfies Record<ElementMeta, ElementDefinition>;

/** The definition of a meta, or undefined for a type this renderer does not know. */
export function elementDefinition(meta: string): ElementDefinition | undefined {
  return Object.hasOwn(elementRegistry, meta) ? elementRegistry[meta as ElementMeta] : undefined;
}
