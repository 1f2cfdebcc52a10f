/**
 * The element registry: every `meta` of requirements DOC-LAYOUT mapped to its definition, the valibot
 * schema of its `extra` and the `.astro` renderer in its own folder. `satisfies
 * Record<ElementMeta, …>` makes a missing type a compile error; there is no switch anywhere.
 *
 * Adding an element type: create `src/elements/<meta>/` with `schema.ts` (exporting
 * `extraSchema`) and `<meta>.astro` (props: `ElementProps<Extra>` from src/tree/context.ts;
 * render children with `<slot />`), add the meta to ELEMENT_METAS and one line here. An
 * interactive element's renderer statically imports its own `<meta>-island.tsx` and renders
 * it with `client:visible` or `client:idle` (directives do not work on dynamic tags).
 */
import type { ElementMeta } from '../schemas/page';
import type { ExtraSchema } from '../tree/extra';
import BulletList from './bullet-list/bullet-list.astro';
import { extraSchema as bulletListExtra } from './bullet-list/schema';
import Button from './button/button.astro';
import { extraSchema as buttonExtra } from './button/schema';
import Calendar from './calendar/calendar.astro';
import { extraSchema as calendarExtra } from './calendar/schema';
import Column from './column/column.astro';
import { extraSchema as columnExtra } from './column/schema';
import Countdown from './countdown/countdown.astro';
import { extraSchema as countdownExtra } from './countdown/schema';
import CustomCode from './custom-code/custom-code.astro';
import { extraSchema as customCodeExtra } from './custom-code/schema';
import DayTimer from './day-timer/day-timer.astro';
import { extraSchema as dayTimerExtra } from './day-timer/schema';
import Divider from './divider/divider.astro';
import { extraSchema as dividerExtra } from './divider/schema';
import Form from './form/form.astro';
import { extraSchema as formExtra } from './form/schema';
import Heading from './heading/heading.astro';
import { extraSchema as headingExtra } from './heading/schema';
import Image from './image/image.astro';
import { extraSchema as imageExtra } from './image/schema';
import ImageFeature from './image-feature/image-feature.astro';
import { extraSchema as imageFeatureExtra } from './image-feature/schema';
import MapImage from './map/map.astro';
import { extraSchema as mapExtra } from './map/schema';
import MinuteTimer from './minute-timer/minute-timer.astro';
import { extraSchema as minuteTimerExtra } from './minute-timer/schema';
import NavMenu from './nav-menu/nav-menu.astro';
import { extraSchema as navMenuExtra } from './nav-menu/schema';
import OneStepOrder from './one-step-order/one-step-order.astro';
import { extraSchema as oneStepOrderExtra } from './one-step-order/schema';
import Paragraph from './paragraph/paragraph.astro';
import { extraSchema as paragraphExtra } from './paragraph/schema';
import ProgressBar from './progress-bar/progress-bar.astro';
import { extraSchema as progressBarExtra } from './progress-bar/schema';
import Row from './row/row.astro';
import { extraSchema as rowExtra } from './row/schema';
import Section from './section/section.astro';
import { extraSchema as sectionExtra } from './section/schema';
import SubHeading from './sub-heading/sub-heading.astro';
import { extraSchema as subHeadingExtra } from './sub-heading/schema';
import Survey from './survey/survey.astro';
import { extraSchema as surveyExtra } from './survey/schema';
import Svg from './svg/svg.astro';
import { extraSchema as svgExtra } from './svg/schema';
import TwoSetpOrder from './two-setp-order/two-setp-order.astro';
import { extraSchema as twoSetpOrderExtra } from './two-setp-order/schema';
import Video from './video/video.astro';
import { extraSchema as videoExtra } from './video/schema';

/** One element type: how to read its `extra` and the component that renders it. */
export interface ElementDefinition {
  extra: ExtraSchema<unknown>;
  /** An Astro component taking `ElementProps<Extra>`. */
  component: (props: never) => unknown;
}

export const elementRegistry = {
  section: { extra: sectionExtra, component: Section },
  row: { extra: rowExtra, component: Row },
  column: { extra: columnExtra, component: Column },
  heading: { extra: headingExtra, component: Heading },
  'sub-heading': { extra: subHeadingExtra, component: SubHeading },
  paragraph: { extra: paragraphExtra, component: Paragraph },
  'bullet-list': { extra: bulletListExtra, component: BulletList },
  button: { extra: buttonExtra, component: Button },
  image: { extra: imageExtra, component: Image },
  video: { extra: videoExtra, component: Video },
  'custom-code': { extra: customCodeExtra, component: CustomCode },
  'one-step-order': { extra: oneStepOrderExtra, component: OneStepOrder },
  'two-setp-order': { extra: twoSetpOrderExtra, component: TwoSetpOrder },
  countdown: { extra: countdownExtra, component: Countdown },
  'day-timer': { extra: dayTimerExtra, component: DayTimer },
  'minute-timer': { extra: minuteTimerExtra, component: MinuteTimer },
  form: { extra: formExtra, component: Form },
  calendar: { extra: calendarExtra, component: Calendar },
  survey: { extra: surveyExtra, component: Survey },
  divider: { extra: dividerExtra, component: Divider },
  'nav-menu': { extra: navMenuExtra, component: NavMenu },
  map: { extra: mapExtra, component: MapImage },
  svg: { extra: svgExtra, component: Svg },
  'progress-bar': { extra: progressBarExtra, component: ProgressBar },
  'image-feature': { extra: imageFeatureExtra, component: ImageFeature },
} satisfies Record<ElementMeta, ElementDefinition>;

/** The definition of a meta, or undefined for a type this renderer does not know. */
export function elementDefinition(meta: string): ElementDefinition | undefined {
  return Object.hasOwn(elementRegistry, meta) ? elementRegistry[meta as ElementMeta] : undefined;
}
