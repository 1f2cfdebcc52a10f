/**
 * A survey (requirements WIDGET-DATA Survey): slides of fields shown one at a time, skip logic per
 * choice field, and what happens at the end or on disqualification. Builder documents:
 * unknown keys are kept.
 */
import * as v from 'valibot';
import { id, text } from './common';
import { companyBranding, formBorder, formButton, formField, formStyle } from './form';
import { cssValue, flag, str } from './widget-common';

/** Requirements WIDGET-STATES default messages. */
export const DEFAULT_DISQUALIFIED_TEXT = 'Survey Disqualified! Please try again';
export const DEFAULT_END_SURVEY_TEXT = 'Survey Ended! Please try again';

/** Skip-logic targets that are not slides: continue then disqualify (-2), disqualify now (-1). */
export const LOGIC_END_SURVEY = 'endsurvey';
export const LOGIC_DISQUALIFY = 'disqualify';

/** One rule: choosing `optionName` leads to slide `id` (or endsurvey/disqualify); `index` is the target's position. */
export const surveyLogicRule = v.looseObject({
  optionName: str(),
  index: v.optional(v.union([v.number(), v.string()])),
  id: v.optional(v.nullable(v.union([v.string(), v.number()]))),
});
export type SurveyLogicRule = v.InferOutput<typeof surveyLogicRule>;

/** A slide's own button style: what it sets wins over the form's button on that slide (`slideButtonOf`). */
export const slideButton = v.fallback(v.looseObject({ background: str(), color: str(), border: v.optional(formBorder) }), { background: '', color: '' });

export const surveySlide = v.looseObject({
  id: v.union([v.string(), v.number()]),
  slideName: str(),
  active: flag(true),
  button: v.optional(slideButton),
  /** Field tag or id → rules. */
  logic: v.optional(v.record(v.string(), v.array(surveyLogicRule)), {}),
  slideData: v.optional(v.array(formField), []),
  jumpTo: v.optional(v.nullable(v.union([v.string(), v.number()]))),
});
export type SurveySlide = v.InferOutput<typeof surveySlide>;

/** formData.form.formAction: endings (type "1" redirects) and page furniture. */
export const surveyFormAction = v.looseObject({
  disqualifiedType: str(),
  disqualifiedText: str(),
  disqualifiedUrl: str(),
  footerHtml: str(),
  /**
   * The footer's switch: false hides `footerHtml`. The seed names no other switch for its
   * "optional footer HTML block"; absent, a footer with HTML shows (requirements WIDGET-ROWS).
   */
  fieldSettingEnable: flag(true),
  endsurveyType: str(),
  endsurveyUrl: str(),
  endsurveyText: str(),
  headerImageSrc: str(),
  /** Header image across the whole width, or limited to the form width. */
  headerFullWidthEnable: flag(),
  /** The header image's intrinsic size, when known: its room is kept while it loads (no layout shift). */
  headerImageWidth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))),
  headerImageHeight: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))),
});
export type SurveyFormAction = v.InferOutput<typeof surveyFormAction>;

export const surveySettings = v.looseObject({
  /** Skip logic is keyed by each field's id (true) or by its tag (false): src/lib/validation/survey-path.ts. */
  surveyLogicLinkById: flag(),
  isAnimationDisabled: flag(),
  isBackButtonEnable: flag(),
  disableAutoNavigation: flag(),
  isProgressBarEnabled: flag(),
});
export type SurveySettings = v.InferOutput<typeof surveySettings>;

export const surveyFormData = v.looseObject({
  form: v.optional(
    v.looseObject({
      formAction: v.optional(surveyFormAction, {}),
      style: v.optional(formStyle, {}),
      button: v.optional(formButton, {}),
      width: cssValue,
      stickyContact: flag(),
      fbPixelId: str(),
      /** Labels hidden: placeholders carry them (a * on required ones), screen readers keep them. */
      formLabelVisible: flag(true),
      company: v.optional(companyBranding),
    }),
    {},
  ),
  slides: v.optional(v.array(surveySlide), []),
  settings: v.optional(surveySettings, {}),
});
export type SurveyFormData = v.InferOutput<typeof surveyFormData>;

export const surveyDocument = v.looseObject({
  id,
  locationId: id,
  name: text(200),
  formData: v.optional(surveyFormData, {}),
});
export type SurveyDocument = v.InferOutput<typeof surveyDocument>;
