/**
 * The survey's navigation as pure functions (requirements WIDGET-STATES Survey): which slide Next and Back
 * lead to, when a choice advances by itself or disqualifies at once, the progress, and how
 * the survey ends. The slide rules are src/lib/validation/survey-path.ts, the same the
 * server walks to check a submission, so both sides agree on the path.
 */
import { fieldKey } from '../../lib/validation/fields';
import { type SlideTarget, slideTarget } from '../../lib/validation/survey-path';
import { isEmpty } from '../../lib/validation/values';
import type { FormField } from '../../schemas/form';
import type { SurveySettings, SurveySlide } from '../../schemas/survey';

/** Requirements WIDGET-LIMITS: the slide animation and the arrows' lock after a click. */
export const SLIDE_LOCK_MS = 1000;

/** Where the visitor is: the slide shown and the slides visited before it (Back pops). */
export interface SurveyNav {
  index: number;
  history: readonly number[];
}

export const startNav = (): SurveyNav => ({ index: 0, history: [] });

/** What Next (or Submit) does once the slide is valid. */
export type NextStep = { kind: 'slide'; nav: SurveyNav } | { kind: 'disqualify' } | { kind: 'submit' };

export const isLastSlide = (slides: readonly SurveySlide[], nav: SurveyNav): boolean => nav.index >= slides.length - 1;

function go(nav: SurveyNav, index: number): NextStep {
  return { kind: 'slide', nav: { index, history: [...nav.history, nav.index] } };
}

/**
 * Next from the current slide: the skip-logic target, else jumpTo, else the next slide.
 * "endsurvey" goes on (the submission is disqualified by the same rules on the server);
 * past the last slide the survey is submitted.
 */
export function nextStep(slides: readonly SurveySlide[], nav: SurveyNav, values: Readonly<Record<string, unknown>>, linkById = false): NextStep {
  const slide = slides[nav.index];
  if (!slide) return { kind: 'submit' };
  const target: SlideTarget = slideTarget(slides, slide, values, linkById);
  if (target.kind === 'disqualify') return { kind: 'disqualify' };
  if (target.kind === 'slide' && target.index !== nav.index) return go(nav, target.index);
  if (isLastSlide(slides, nav)) return { kind: 'submit' };
  return go(nav, nav.index + 1);
}

/** Back: the slide visited before this one. */
export function previousNav(nav: SurveyNav): SurveyNav {
  const history = nav.history.slice(0, -1);
  const index = nav.history.at(-1);
  return index === undefined ? nav : { index, history };
}

/** Back to a slide visited earlier (where the server found an error), as if by Back. */
export function backTo(nav: SurveyNav, index: number): SurveyNav {
  const at = nav.history.indexOf(index);
  return at < 0 ? nav : { index, history: nav.history.slice(0, at) };
}

/** The first visited slide holding one of these field keys, else the current one. */
export function slideWithErrors(slides: readonly SurveySlide[], nav: SurveyNav, keys: ReadonlySet<string>): number {
  const found = [...nav.history, nav.index].find((i) => slides[i]?.slideData.some((f) => keys.has(fieldKey(f))));
  return found ?? nav.index;
}

/** Requirements WIDGET-STATES: Back works past the first slide, or with the back button setting once there is history. */
export function canGoBack(nav: SurveyNav, settings: Pick<SurveySettings, 'isBackButtonEnable'>): boolean {
  return nav.history.length > 0 && (nav.index > 0 || settings.isBackButtonEnable);
}

/** round(100 × index / slides), and 100 once submitted or disqualified. */
export function progress(slides: readonly SurveySlide[], nav: SurveyNav, finished: boolean): number {
  if (finished || slides.length === 0) return 100;
  return Math.round((100 * nav.index) / slides.length);
}

/** The slides the visitor went through, up to and including the current one. */
export function visitedSlides(slides: readonly SurveySlide[], nav: SurveyNav): SurveySlide[] {
  return [...nav.history, nav.index].map((i) => slides[i]).filter((s): s is SurveySlide => s !== undefined);
}

/** The answers of the visited slides only: a branch left by Back is not submitted. */
export function answersOf(slides: readonly SurveySlide[], values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of slides.flatMap((s) => s.slideData)) {
    const key = fieldKey(field);
    if (key && values[key] !== undefined) out[key] = values[key];
  }
  return out;
}

/** Single-choice fields: a choice advances the slide (requirements WIDGET-STATES), a checkbox never does. */
const SINGLE_CHOICE: ReadonlySet<string> = new Set(['radio', 'single_options']);

/** Fields a visitor answers (not headings, images, html or the submit button). */
const DISPLAY_ONLY: ReadonlySet<string> = new Set(['h1', 'img', 'html', 'submit', 'source']);

export const inputFields = (slide: SurveySlide): FormField[] => slide.slideData.filter((f) => !DISPLAY_ONLY.has(f.type) && !f.hidden);

/** What made the visitor act on a field. */
export type AdvanceTrigger = 'choice' | 'enter' | 'date';

/**
 * Whether an answer moves on by itself: a single choice (unless auto-navigation is off)
 * once no other required question of the slide is empty, a picked date or Enter once the
 * slide's last field has a value. A choice or a date never submits from the last slide;
 * Enter does, as in any form.
 */
export function shouldAdvance(
  trigger: AdvanceTrigger,
  field: FormField,
  slides: readonly SurveySlide[],
  nav: SurveyNav,
  values: Readonly<Record<string, unknown>>,
  settings: Pick<SurveySettings, 'disableAutoNavigation'>,
): boolean {
  const slide = slides[nav.index];
  if (!slide || (trigger !== 'enter' && isLastSlide(slides, nav))) return false;
  if (trigger === 'choice') {
    if (settings.disableAutoNavigation || !SINGLE_CHOICE.has(field.type)) return false;
    return inputFields(slide).every((f) => !f.required || !isEmpty(values[fieldKey(f)]));
  }
  const last = inputFields(slide).at(-1);
  return last !== undefined && !isEmpty(values[fieldKey(last)]);
}

/** A single choice whose rule says "disqualify" ends the survey at once (requirements WIDGET-STATES). */
export function disqualifiesAtOnce(
  field: FormField,
  slides: readonly SurveySlide[],
  nav: SurveyNav,
  values: Readonly<Record<string, unknown>>,
  linkById = false,
): boolean {
  const slide = slides[nav.index];
  if (!slide || !SINGLE_CHOICE.has(field.type)) return false;
  const only: SurveySlide = { ...slide, slideData: [field], jumpTo: null };
  return slideTarget(slides, only, values, linkById).kind === 'disqualify';
}
