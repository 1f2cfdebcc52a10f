/**
 * The element registry: every `meta` of requirements DOC-LAYOUT mapped to its definition,
 * plain data in its own folder (src/elements/element-definition.ts). A meta is known because
 * it is here; an unknown one renders nothing. There is no switch anywhere, and every list the
 * page needs is derived below.
 *
 * Adding an element type: create `src/elements/<meta>/` with `schema.ts` (exporting
 * `extraSchema`), `render.ts` or, for an island, `<meta>.astro`, and `definition.ts`; then add
 * one line here. An island also brings its strings (locales/) and names its stylesheets.
 */
import type { ElementDefinition } from './element-definition';
import { definition as bulletList } from './bullet-list/definition';
import { definition as button } from './button/definition';
import { definition as calendar } from './calendar/definition';
import { definition as column } from './column/definition';
import { definition as countdown } from './countdown/definition';
import { definition as customCode } from './custom-code/definition';
import { definition as dayTimer } from './day-timer/definition';
import { definition as divider } from './divider/definition';
import { definition as form } from './form/definition';
import { definition as heading } from './heading/definition';
import { definition as image } from './image/definition';
import { definition as imageFeature } from './image-feature/definition';
import { definition as map } from './map/definition';
import { definition as minuteTimer } from './minute-timer/definition';
import { definition as navMenu } from './nav-menu/definition';
import { definition as oneStepOrder } from './one-step-order/definition';
import { definition as paragraph } from './paragraph/definition';
import { definition as progressBar } from './progress-bar/definition';
import { definition as row } from './row/definition';
import { definition as section } from './section/definition';
import { definition as subHeading } from './sub-heading/definition';
import { definition as survey } from './survey/definition';
import { definition as svg } from './svg/definition';
import { definition as twoSetpOrder } from './two-setp-order/definition';
import { definition as video } from './video/definition';

export const elementRegistry = {
  section,
  row,
  column,
  heading,
  'sub-heading': subHeading,
  paragraph,
  'bullet-list': bulletList,
  button,
  image,
  video,
  'custom-code': customCode,
  'one-step-order': oneStepOrder,
  'two-setp-order': twoSetpOrder,
  countdown,
  'day-timer': dayTimer,
  'minute-timer': minuteTimer,
  form,
  calendar,
  survey,
  divider,
  'nav-menu': navMenu,
  map,
  svg,
  'progress-bar': progressBar,
  'image-feature': imageFeature,
} satisfies Record<string, ElementDefinition>;

/** The definition of a meta, or undefined for a type this renderer does not know. */
export function elementDefinition(meta: string): ElementDefinition | undefined {
  return Object.hasOwn(elementRegistry, meta) ? elementRegistry[meta as keyof typeof elementRegistry] : undefined;
}

const definitions: [string, ElementDefinition][] = Object.entries(elementRegistry);

/** The metas of timer elements. */
export const TIMER_METAS: ReadonlySet<string> = new Set(definitions.filter(([, definition]) => definition.timer).map(([meta]) => meta));
