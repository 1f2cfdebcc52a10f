/**
 * What happens as a survey goes on (requirements WIDGET-STATES Survey): Next validates the
 * slide and goes where ./logic.ts says, a disqualifying answer ends the survey at once, the
 * last slide submits the visited slides' answers, and the ending shows or redirects. Moves
 * asked for while the slide is still locked are carried out once it settles.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { fieldKey } from '../../lib/validation/fields';
import type { SurveySlide } from '../../schemas/survey';
import { redirectTop } from '../embed/protocol';
import type { FormEngine } from '../form/use-form-engine';
import { useSubmission } from '../form/use-submission';
import { keepVisit, visitExtras } from '../form/visit-extras';
import { trackSubmission } from '../form/widget-tracking';
import { rememberContact } from '../form/sticky-contact';
import { type Ending, type EndKind, surveyEnding } from './endings';
import { answersOf, backTo, disqualifiesAtOnce, nextStep, shouldAdvance, slideWithErrors, visitedSlides } from './logic';
import type { SurveyWidgetProps } from './survey-widget';
import type { Advance } from './use-answer-keys';
import type { useSurveyNav } from './use-survey-nav';

interface FlowInput {
  props: SurveyWidgetProps;
  slides: readonly SurveySlide[];
  engine: FormEngine;
  nav: ReturnType<typeof useSurveyNav>;
  root: RefObject<HTMLFormElement | null>;
  fingerprint: RefObject<string>;
}

export function useSurveyFlow({ props, slides, engine, nav: navState, root, fingerprint }: FlowInput) {
  const { surveyId, locationId, text } = props;
  const { form, settings } = props.formData;
  const { nav, locked, goTo } = navState;
  const linkById = settings.surveyLogicLinkById;
  const slide = slides[nav.index];
  const ending = useRef<EndKind | null>(null);
  const [end, setEnd] = useState<{ kind: EndKind; ending: Ending } | null>(null);
  const [alert, setAlert] = useState({ listed: false, message: '' });
  const [queued, setQueued] = useState(false);
  const [advance, setAdvance] = useState<Advance | null>(null);

  const finish = useCallback(
    (kind: EndKind, answers: Record<string, unknown>) => {
      const texts = { disqualified: text.disqualified, ended: text.ended, submitted: text.submitted };
      const next = props.element?.action === 'go-to-next-funnel-step' ? props.element.nextStepUrl : '';
      const nextStepAt = { url: next, search: location.search };
      const result = surveyEnding(kind, form.formAction, { answers, texts, redirectAllowed: props.redirect, now: new Date(), nextStep: nextStepAt });
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
    [slides, nav, engine.files, engine.values, surveyId, locationId, submit, root, fingerprint, props.notrack, form.stickyContact],
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
    const step = nextStep(slides, nav, engine.values, linkById);
    if (step.kind === 'disqualify') return disqualify();
    if (step.kind === 'submit') return send(false);
    goTo(step.nav, 'forward');
  }, [slide, locked, busy, engine, slides, nav, linkById, disqualify, send, goTo]);

  useEffect(() => {
    if (!queued || locked) return;
    setQueued(false);
    void next();
  }, [queued, locked, next]);

  // Auto-advance runs after React has stored the answer, so validation sees it, and after
  // the slide has settled (an answer given during the 1 s lock still moves on).
  useEffect(() => {
    if (!advance) return;
    if (disqualifiesAtOnce(advance.field, slides, nav, engine.values, linkById)) {
      setAdvance(null);
      return disqualify();
    }
    if (locked) return;
    setAdvance(null);
    if (shouldAdvance(advance.trigger, advance.field, slides, nav, engine.values, settings)) void next();
  }, [advance, locked, slides, nav, engine.values, settings, linkById, disqualify, next]);

  return { state, busy, end, alert, next, setAdvance };
}
