/**
 * The way through a survey's slides (requirements WIDGET-STATES Survey): from the first active slide,
 * each slide leads to the target of the skip-logic rule its answers match (the highest
 * matching option decides: disqualify, then endsurvey, then the furthest slide), else to its jumpTo slide, else to the next one. "disqualify"
 * ends the survey there; "endsurvey" lets it go on and disqualifies at submission. The
 * server walks the same path to know which slides' required fields apply.
 */
import type { FormField } from '../../schemas/form';
import type { SurveyFormData, SurveyLogicRule, SurveySlide } from '../../schemas/survey';
import { LOGIC_DISQUALIFY, LOGIC_END_SURVEY } from '../../schemas/survey';
import { fieldKey } from './fields';
import { asTextList } from './values';

export interface SurveyPath {
  slides: SurveySlide[];
  /** Disqualified now ("disqualify") or at the end ("endsurvey"). */
  disqualified: 'no' | 'now' | 'end';
}

/** Where a slide leads: a slide (by position among the active slides), a disqualification, or on. */
export type SlideTarget = { kind: 'slide'; index: number } | { kind: 'disqualify' } | { kind: 'endsurvey' } | { kind: 'next' };
type Target = SlideTarget;

/** Requirements WIDGET-STATES: skip logic applies to these field types only. */
export const LOGIC_FIELD_TYPES: ReadonlySet<string> = new Set(['single_options', 'checkbox', 'radio']);

function slideIndex(slides: readonly SurveySlide[], ref: unknown): number {
  if (ref === null || ref === undefined || ref === '') return -1;
  const byId = slides.findIndex((s) => String(s.id) === String(ref));
  if (byId >= 0) return byId;
  // A target named by one of a slide's fields (id or tag) leads to that slide.
  return slides.findIndex((s) => s.slideData.some((f) => String(f.id ?? '') === String(ref) || f.tag === String(ref)));
}

function targetOf(slides: readonly SurveySlide[], ref: unknown, position?: number): Target {
  if (ref === LOGIC_DISQUALIFY || position === -1) return { kind: 'disqualify' };
  if (ref === LOGIC_END_SURVEY || position === -2) return { kind: 'endsurvey' };
  const index = slideIndex(slides, ref);
  if (index >= 0) return { kind: 'slide', index };
  // A rule without a known slide id may still name the target's position.
  return position !== undefined && position >= 0 && position < slides.length ? { kind: 'slide', index: position } : { kind: 'next' };
}

/**
 * How high a matched rule ranks (requirements WIDGET-ROWS: "the highest selected option
 * decides"): "disqualify" above "endsurvey" above every slide, and among slides the furthest.
 * The seed numbers disqualify -1 and endsurvey -2, so comparing those numbers would let any
 * other ticked box slip past a disqualifying one.
 */
function rank(target: Target, index: number): number {
  if (target.kind === 'disqualify') return Number.MAX_SAFE_INTEGER;
  if (target.kind === 'endsurvey') return Number.MAX_SAFE_INTEGER - 1;
  return Number.isFinite(index) ? index : -1;
}

/**
 * A field's rules in its slide's logic map: under the field's id when the survey links logic
 * by id (`surveyLogicLinkById`: fields that share a tag keep their own rules), else under its
 * tag, then its id.
 */
export function fieldRules(slide: SurveySlide, field: FormField, linkById: boolean): readonly SurveyLogicRule[] | undefined {
  const id = field.id === undefined || field.id === '' ? undefined : String(field.id);
  if (linkById) return slide.logic[id ?? field.tag];
  return slide.logic[field.tag] ?? (id === undefined ? undefined : slide.logic[id]);
}

/** The skip-logic target the answers on a slide choose, if any. */
function logicTarget(slides: readonly SurveySlide[], slide: SurveySlide, values: Readonly<Record<string, unknown>>, linkById: boolean): Target | undefined {
  let best: { rank: number; target: Target } | undefined;
  for (const field of slide.slideData) {
    if (!LOGIC_FIELD_TYPES.has(field.type)) continue;
    const rules = fieldRules(slide, field, linkById);
    if (!rules) continue;
    const chosen = asTextList(values[fieldKey(field)] ?? []) ?? [];
    rules.forEach((rule, position) => {
      if (!chosen.includes(rule.optionName)) return;
      const index = Number(rule.index ?? position);
      const target = targetOf(slides, rule.id, Number.isInteger(index) ? index : undefined);
      const ranked = rank(target, index);
      if (!best || ranked > best.rank) best = { rank: ranked, target };
    });
  }
  return best?.target;
}

/** Where Next leads from `slide`: the skip-logic target its answers choose, else its jumpTo, else on. */
export function slideTarget(slides: readonly SurveySlide[], slide: SurveySlide, values: Readonly<Record<string, unknown>>, linkById = false): SlideTarget {
  return logicTarget(slides, slide, values, linkById) ?? targetOf(slides, slide.jumpTo);
}

/** The active slides, in order: positions and progress count only these. */
export const activeSlides = (formData: SurveyFormData): SurveySlide[] => formData.slides.filter((s) => s.active);

/** The slides a visitor with these answers went through, and whether they were disqualified. */
export function surveyPath(formData: SurveyFormData, values: Readonly<Record<string, unknown>>): SurveyPath {
  const slides = activeSlides(formData);
  const visited: SurveySlide[] = [];
  const seen = new Set<number>();
  let disqualified: SurveyPath['disqualified'] = 'no';
  let index = 0;
  while (index >= 0 && index < slides.length && !seen.has(index)) {
    seen.add(index);
    const slide = slides[index] as SurveySlide;
    visited.push(slide);
    const target = slideTarget(slides, slide, values, formData.settings.surveyLogicLinkById);
    if (target.kind === 'disqualify') return { slides: visited, disqualified: 'now' };
    if (target.kind === 'endsurvey') disqualified = 'end';
    index = target.kind === 'slide' ? target.index : index + 1;
  }
  return { slides: visited, disqualified };
}
