/**
 * The survey island (requirements WIDGET-ROUTES Survey, WIDGET-STATES Survey): slides one at a time, drawn by the
 * form engine, with the navigation of ./logic.ts. Used by the survey widget page and the
 * survey element of funnel pages.
 */
import { type CSSProperties, type FormEvent, useMemo, useRef } from 'react';
import { partLanguage } from '../../lib/i18n/languages';
import { fillTemplate } from '../../lib/template';
import { activeSlides } from '../../lib/validation/survey-path';
import type { SurveyFormData } from '../../schemas/survey';
import { Branding } from '../form/branding';
import { FormFields } from '../form/form-fields';
import { Honeypot, SubmitButton } from '../form/form-parts';
import { formCssVars } from '../form/form-style';
import { initialValues } from '../form/initial-values';
import { expandFormStrings } from '../form/strings';
import type { FieldEnv, FormStringsDiff } from '../form/types';
import { StickyContactHelp } from '../form/sticky-help';
import { useFormEngine } from '../form/use-form-engine';
import { canGoBack, isLastSlide, previousNav, progress } from './logic';
import { slideButtonVars } from './slide-style';
import type { SurveyStrings } from './strings';
import { BackButton, EndScreen, ErrorAlert, Footer, HeaderImage, listedErrors, NextButton, ProgressBar } from './survey-parts';
import { useAnswerKeys } from './use-answer-keys';
import { useSurveyFlow } from './use-survey-flow';
import { useSlideFocus, useSurveyNav } from './use-survey-nav';
import { useSurveyStart } from './use-survey-start';

export interface SurveyWidgetProps {
  surveyId: string;
  locationId: string;
  name: string;
  formData: SurveyFormData;
  strings: FormStringsDiff;
  text: SurveyStrings;
  lang: string;
  /** The seller's content language (the location's): interface strings in another language carry their own `lang` (requirements ELEMENTS-5). */
  contentLang?: string;
  country: string;
  today: string;
  /** The signed form token the page embedded ('' on cached funnel pages: fetched on mount). */
  token: string;
  turnstileSiteKey: string;
  notrack: boolean;
  /** false under `redirect=false`. */
  redirect: boolean;
  /** The query string prefill reads. */
  query: string;
  /** Inside a funnel page: the element's action, the next step's URL, and whether the survey is below the first section (its header image loads as it nears the screen). */
  element?: { action: string; nextStepUrl: string; lazyImages?: boolean };
}

export default function SurveyWidget(props: SurveyWidgetProps) {
  const { formData, text, surveyId } = props;
  const strings = useMemo(() => expandFormStrings(props.strings), [props.strings]);
  const { settings, form } = formData;
  const slides = useMemo(() => activeSlides(formData), [formData]);
  const allFields = useMemo(() => slides.flatMap((s) => s.slideData), [slides]);
  const root = useRef<HTMLFormElement>(null);
  const navState = useSurveyNav(!settings.isAnimationDisabled);
  const { nav, motion, locked, goTo } = navState;
  const initial = initialValues(allFields, new URLSearchParams(props.query), {}, props.country);
  const turnstile = !!props.turnstileSiteKey && allFields.some((f) => f.type === 'captcha');
  const engine = useFormEngine({ fields: allFields, initialValues: initial, mode: 'survey', country: props.country, today: props.today, turnstile }, root);
  const uiLang = partLanguage(props.lang, props.contentLang ?? props.lang);
  const env: FieldEnv = {
    lang: props.lang,
    uiLang,
    country: props.country,
    today: props.today,
    labelsVisible: form.formLabelVisible,
    strings,
    turnstileSiteKey: props.turnstileSiteKey,
    onCaptcha: engine.setCaptchaToken,
  };
  const slide = slides[nav.index];
  const idPrefix = `ef-${surveyId}`;
  const slideRef = useSlideFocus(nav.index);
  const fingerprint = useRef('');
  const flow = useSurveyFlow({ props, slides, engine, nav: navState, root, fingerprint });
  const { state, busy, end, alert } = flow;
  const keys = useAnswerKeys(slide, engine.setValue, flow.setAdvance);
  useSurveyStart({ props, fields: allFields, initial, root, setValue: engine.setValue, answer: keys.onChange, fingerprint });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void flow.next();
  };

  const percent = progress(slides, nav, end !== null);
  const header = (
    <HeaderImage
      src={form.formAction.headerImageSrc}
      fullWidth={form.formAction.headerFullWidthEnable}
      lazy={props.element?.lazyImages ?? false}
      width={form.formAction.headerImageWidth}
      height={form.formAction.headerImageHeight}
    />
  );
  const listed = alert.listed && slide ? listedErrors(slide.slideData, engine.errors, env, idPrefix) : [];

  return (
    <div className="ef-survey" data-survey-id={surveyId} data-survey-state={end?.kind ?? state.kind}>
      {form.formAction.headerFullWidthEnable && header}
      <div className="ef-survey__box" style={formCssVars(form) as CSSProperties}>
        {!form.formAction.headerFullWidthEnable && header}
        {settings.isProgressBarEnabled && <ProgressBar percent={percent} strings={text} />}
        {end ? (
          <EndScreen html={end.ending.kind === 'message' ? end.ending.html : text.redirecting} state={end.kind} />
        ) : (
          <form
            ref={root}
            className="ef-form ef-survey__form"
            noValidate
            onSubmit={onSubmit}
            onKeyDown={keys.onKeyDown}
            onKeyUp={keys.onKeyUp}
            onPointerDown={keys.onPointerDown}
            data-form-state={state.kind}
            aria-busy={busy || undefined}
          >
            <ErrorAlert errors={listed} message={alert.message} strings={text} lang={uiLang} />
            <StickyContactHelp
              sticky={form.stickyContact}
              locationId={props.locationId}
              fields={allFields}
              query={props.query}
              country={props.country}
              values={engine.values}
              setValue={engine.setValue}
              strings={strings.ui}
            />
            {slide && (
              <section
                key={nav.index}
                ref={slideRef}
                tabIndex={-1}
                className={`ef-survey__slide ef-survey__slide--${motion}`}
                aria-label={fillTemplate(text.slide, { current: nav.index + 1, total: slides.length })}
                data-slide-id={String(slide.id)}
                data-testid="survey-slide"
              >
                <FormFields
                  fields={slide.slideData}
                  values={engine.values}
                  files={engine.files}
                  errors={engine.errors}
                  onChange={keys.onChange}
                  onFiles={engine.setFiles}
                  env={env}
                  idPrefix={idPrefix}
                />
              </section>
            )}
            <Honeypot label={strings.ui.honeypot} />
            {state.kind === 'pending' && (
              <p className="ef-pending" role="status">
                {text.offline}
              </p>
            )}
            <div className="ef-survey__nav" style={slideButtonVars(form.button, slide) as CSSProperties | undefined}>
              <BackButton disabled={!canGoBack(nav, settings) || locked || busy} onClick={() => goTo(previousNav(nav), 'back')} strings={text} />
              {isLastSlide(slides, nav) ? (
                <SubmitButton form={{ button: form.button, fields: [] }} busy={busy} strings={strings} label={form.button.text || text.submit} />
              ) : (
                <NextButton disabled={locked || busy} onClick={() => void flow.next()} strings={text} />
              )}
            </div>
          </form>
        )}
        <Footer html={form.formAction.footerHtml} on={form.formAction.fieldSettingEnable} />
        <Branding on={form.style.ac_branding} company={form.company} label={strings.ui.poweredBy} />
      </div>
    </div>
  );
}
