/**
 * The survey island (requirements WIDGET-ROUTES Survey, WIDGET-STATES Survey): slides one at a time, drawn by the
 * form engine, with the navigation of ./logic.ts. Used by the survey widget page and the
 * survey element of funnel pages.
 */
import { type CSSProperties, type FormEvent, type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { fillTemplate } from '../../lib/template';
import { fieldKey } from '../../lib/validation/fields';
import { activeSlides } from '../../lib/validation/survey-path';
import type { FormField } from '../../schemas/form';
import type { SurveyFormData } from '../../schemas/survey';
import { redirectTop } from '../embed/protocol';
import { errorText, FormFields } from '../form/form-fields';
import { Honeypot, SubmitButton } from '../form/form-parts';
import { formCssVars } from '../form/form-style';
import { initialValues } from '../form/initial-values';
import { rememberContact, rememberedContact } from '../form/sticky-contact';
import { expandFormStrings } from '../form/strings';
import { typedBeforeHydration } from '../form/typed-values';
import type { FieldEnv, FormStringsDiff } from '../form/types';
import { useFormEngine } from '../form/use-form-engine';
import { useSubmission } from '../form/use-submission';
import { StickyContactHelp } from '../form/sticky-help';
import { keepVisit, visitExtras } from '../form/visit-extras';
import { trackSubmission, trackWidgetView, visitorFingerprint } from '../form/widget-tracking';
import { type Ending, type EndKind, surveyEnding } from './endings';
import {
  type AdvanceTrigger,
  answersOf,
  backTo,
  canGoBack,
  disqualifiesAtOnce,
  isLastSlide,
  nextStep,
  previousNav,
  progress,
  shouldAdvance,
  slideWithErrors,
  visitedSlides,
} from './logic';
import type { SurveyStrings } from './strings';
import { BackButton, EndScreen, ErrorAlert, Footer, HeaderImage, NextButton, ProgressBar } from './survey-parts';
import { useSurveyNav } from './use-survey-nav';

export interface SurveyWidgetProps {
  surveyId: string;
  locationId: string;
  name: string;
  formData: SurveyFormData;
  strings: FormStringsDiff;
  text: SurveyStrings;
  lang: string;
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

/** Keys that move a radio group's or a closed dropdown's selection. */
const ARROW_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

export default function SurveyWidget(props: SurveyWidgetProps) {
  const { formData, text, surveyId, locationId } = props;
  const strings = useMemo(() => expandFormStrings(props.strings), [props.strings]);
  const { settings, form } = formData;
  const slides = useMemo(() => activeSlides(formData), [formData]);
  const allFields = useMemo(() => slides.flatMap((s) => s.slideData), [slides]);
  const root = useRef<HTMLFormElement>(null);
  const fingerprint = useRef('');
  const ending = useRef<EndKind | null>(null);
  const [end, setEnd] = useState<{ kind: EndKind; ending: Ending } | null>(null);
  const [alert, setAlert] = useState({ listed: false, message: '' });
  const [queued, setQueued] = useState(false);
  const [advance, setAdvance] = useState<{ trigger: AdvanceTrigger; field: FormField } | null>(null);
  const { nav, motion, locked, goTo } = useSurveyNav(!settings.isAnimationDisabled);
  const initial = initialValues(allFields, new URLSearchParams(props.query), {}, props.country);
  const turnstile = !!props.turnstileSiteKey && allFields.some((f) => f.type === 'captcha');
  const engine = useFormEngine({ fields: allFields, initialValues: initial, mode: 'survey', country: props.country, today: props.today, turnstile }, root);
  const env: FieldEnv = {
    lang: props.lang,
    country: props.country,
    today: props.today,
    labelsVisible: form.formLabelVisible,
    strings,
    turnstileSiteKey: props.turnstileSiteKey,
    onCaptcha: engine.setCaptchaToken,
  };
  const slide = slides[nav.index];
  const idPrefix = `ef-${surveyId}`;
  const slideRef = useRef<HTMLElement>(null);
  const shownIndex = useRef(nav.index);
  /** An arrow key is down: the choice it makes is a move through the options, never an answer to act on. */
  const arrowDown = useRef(false);

  // A new slide takes the focus (a chosen radio or the Next button may be gone), so keyboard
  // and screen-reader users continue from the new question.
  useEffect(() => {
    if (shownIndex.current === nav.index) return;
    shownIndex.current = nav.index;
    slideRef.current?.focus({ preventScroll: true });
    slideRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [nav.index]);

  // A layout effect: when a click made before hydration hydrates the island at once
  // (client:interact, the survey element of a funnel page), what was typed before it is in
  // place before that click is handled. Prefill the browser knows comes first (the page's
  // query, the remembered contact), then what the visitor typed or chose, which wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the island mounts.
  useLayoutEffect(() => {
    fingerprint.current = visitorFingerprint(props.notrack);
    if (!props.notrack)
      trackWidgetView({ kind: 'survey', id: surveyId, name: props.name, locationId, pixelId: form.fbPixelId, pageViewEvent: '' }, fingerprint.current);
    const known = form.stickyContact ? rememberedContact(locationId) : {};
    const prefill = initialValues(allFields, new URLSearchParams(props.query || location.search), known, props.country);
    for (const [key, value] of Object.entries(prefill)) if (value !== initial[key]) engine.setValue(key, value);
    // An answer given before hydration counts as given now: a choice moves the survey on. (The
    // click that woke the island may be the one React hydrated it for, and then it sees no change.)
    for (const [key, value] of Object.entries(typedBeforeHydration(root.current, allFields))) onChange(key, value);
  }, []);

  const finish = useCallback(
    (kind: EndKind, answers: Record<string, unknown>) => {
      const texts = { disqualified: text.disqualified, ended: text.ended, submitted: text.submitted };
      const next = props.element?.action === 'go-to-next-funnel-step' ? props.element.nextStepUrl : '';
      const nextStep = { url: next, search: location.search };
      const result = surveyEnding(kind, form.formAction, { answers, texts, redirectAllowed: props.redirect, now: new Date(), nextStep });
      setEnd({ kind, ending: result });
      if (result.kind === 'redirect') redirectTop(result.url);
    },
    [form.formAction, text, props.redirect, props.element],
  );

  const onAccepted = useCallback(
    (body: Record<string, unknown>) => {
      const contact = (body.contact ?? {}) as Record<string, unknown>;
      if (form.stickyContact) rememberContact(locationId, contact);
      keepVisit({ locationId, notrack: props.notrack }, body);
      const answers = { ...answersOf(visitedSlides(slides, nav), engine.values), ...contact };
      if (ending.current === 'disqualified') {
        if (form.formAction.disqualifiedType === '1') finish('disqualified', answers);
        return;
      }
      if (!props.notrack) trackSubmission('');
      finish(body.disqualified === true ? 'ended' : 'submitted', answers);
    },
    [form, locationId, slides, nav, engine.values, finish, props.notrack],
  );

  const { state, submit } = useSubmission({
    kind: 'survey',
    id: surveyId,
    token: props.token,
    onAccepted,
    onRejected: (outcome) => {
      // A disqualified visitor already sees the ending; what the server thinks of the answers changes nothing for them.
      if (ending.current === 'disqualified') return onAccepted({});
      if (outcome.errors.length) {
        engine.showErrors(outcome.errors);
        const index = slideWithErrors(slides, nav, new Set(outcome.errors.map((e) => e.field)));
        if (index !== nav.index) goTo(backTo(nav, index), 'back');
      }
      setAlert({ listed: outcome.errors.length > 0, message: outcome.errors.length ? '' : outcome.msg || text.submitFailed });
      root.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
  });
  const busy = state.kind === 'sending' || state.kind === 'pending' || end !== null;

  const send = useCallback(
    async (disqualified: boolean) => {
      const visited = visitedSlides(slides, nav);
      const keys = new Set(visited.flatMap((s) => s.slideData.map(fieldKey)));
      const files = Object.fromEntries(Object.entries(engine.files).filter(([key]) => keys.has(key)));
      const honeypot = (root.current?.querySelector<HTMLInputElement>('.ef-hp input')?.value ?? '').trim();
      const visit = { locationId, fingerprint: fingerprint.current, notrack: props.notrack, sticky: form.stickyContact };
      const extras = { formId: surveyId, ...visitExtras(visit), disqualified };
      await submit({ ...answersOf(visited, engine.values), ...extras }, files, honeypot);
    },
    [slides, nav, engine.files, engine.values, surveyId, locationId, submit, props.notrack, form.stickyContact],
  );

  /** Disqualified on this slide: the ending shows at once (a redirect waits until the answers are stored). */
  const disqualify = useCallback(() => {
    ending.current = 'disqualified';
    if (form.formAction.disqualifiedType !== '1' || !props.redirect) finish('disqualified', answersOf(visitedSlides(slides, nav), engine.values));
    void send(true);
  }, [form.formAction.disqualifiedType, props.redirect, finish, slides, nav, engine.values, send]);

  const next = useCallback(async () => {
    if (!slide || busy) return;
    // A submit or Enter while the slide still moves is carried out once it has settled.
    if (locked) return setQueued(true);
    setAlert({ listed: false, message: '' });
    if (!(await engine.validate(slide.slideData))) {
      setAlert({ listed: true, message: '' });
      return;
    }
    const step = nextStep(slides, nav, engine.values);
    if (step.kind === 'disqualify') return disqualify();
    if (step.kind === 'submit') return send(false);
    goTo(step.nav, 'forward');
  }, [slide, locked, busy, engine, slides, nav, disqualify, send, goTo]);

  useEffect(() => {
    if (!queued || locked) return;
    setQueued(false);
    void next();
  }, [queued, locked, next]);

  // Auto-advance runs after React has stored the answer, so validation sees it, and after
  // the slide has settled (an answer given during the 1 s lock still moves on).
  useEffect(() => {
    if (!advance) return;
    if (disqualifiesAtOnce(advance.field, slides, nav, engine.values)) {
      setAdvance(null);
      return disqualify();
    }
    if (locked) return;
    setAdvance(null);
    if (shouldAdvance(advance.trigger, advance.field, slides, nav, engine.values, settings)) void next();
  }, [advance, locked, slides, nav, engine.values, settings, disqualify, next]);

  const onChange = (key: string, value: unknown) => {
    engine.setValue(key, value);
    const field = slide?.slideData.find((f) => fieldKey(f) === key);
    // Auto-advance follows a click, a tap, Space or Enter; an arrow key only moves the selection.
    if (arrowDown.current) return;
    if (field?.type === 'radio' || field?.type === 'single_options') setAdvance({ trigger: 'choice', field });
    else if (field?.type === 'date' && value) setAdvance({ trigger: 'date', field });
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void next();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (ARROW_KEYS.has(e.key)) arrowDown.current = true;
    const target = e.target as HTMLInputElement;
    const field = slide?.slideData.find((f) => fieldKey(f) === target.name);
    // Space or Enter on a radio chosen with the arrows, or Enter on a dropdown, is the visitor's answer: act on it as on a click.
    const chooses = target.type === 'radio' ? e.key === ' ' || e.key === 'Enter' : target.tagName === 'SELECT' && e.key === 'Enter';
    if (chooses) {
      if (e.key === 'Enter') e.preventDefault();
      if (field && (target.type === 'radio' ? target.checked : target.value !== '')) setAdvance({ trigger: 'choice', field });
      return;
    }
    if (e.key !== 'Enter' || target.tagName !== 'INPUT' || target.type === 'checkbox') return;
    e.preventDefault();
    if (field) setAdvance({ trigger: 'enter', field });
  };
  const onKeyUp = (e: KeyboardEvent<HTMLFormElement>) => {
    if (ARROW_KEYS.has(e.key)) arrowDown.current = false;
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
            onKeyDown={onKeyDown}
            onKeyUp={onKeyUp}
            onPointerDown={() => {
              arrowDown.current = false;
            }}
            data-form-state={state.kind}
            aria-busy={busy || undefined}
          >
            <ErrorAlert errors={listed} message={alert.message} strings={text} />
            <StickyContactHelp
              sticky={form.stickyContact}
              locationId={locationId}
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
                  onChange={onChange}
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
            <div className="ef-survey__nav">
              <BackButton disabled={!canGoBack(nav, settings) || locked || busy} onClick={() => goTo(previousNav(nav), 'back')} strings={text} />
              {isLastSlide(slides, nav) ? (
                <SubmitButton form={{ button: form.button, fields: [] }} busy={busy} strings={strings} label={form.button.text || text.submit} />
              ) : (
                <NextButton disabled={locked || busy} onClick={() => void next()} strings={text} />
              )}
            </div>
          </form>
        )}
        <Footer html={form.formAction.footerHtml} />
      </div>
    </div>
  );
}

/**
 * The errors of a slide in field order, translated, each pointing at its control. The
 * captcha shows its error beside itself only (requirements WIDGET-STATES: dropped from the list).
 */
function listedErrors(
  fields: readonly FormField[],
  errors: Parameters<typeof errorText>[0] extends infer E ? Readonly<Record<string, NonNullable<E>>> : never,
  env: FieldEnv,
  idPrefix: string,
) {
  return fields.flatMap((f) => {
    if (f.type === 'captcha') return [];
    const key = fieldKey(f);
    const shown = errorText(errors[key], env);
    return shown ? [{ key, inputId: `${idPrefix}-${key}`, text: shown }] : [];
  });
}
