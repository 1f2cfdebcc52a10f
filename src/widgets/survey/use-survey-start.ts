/**
 * What a survey does once when its island mounts: reads the visitor's fingerprint (the view
 * is counted by the page, src/widgets/form/view-script.ts, or a funnel page's runtime), and
 * fills what only the browser knows. A layout effect: when a click made before hydration
 * hydrates the island at once (client:interact, the survey element of a funnel page), what
 * was typed before it is in place before that click is handled. Prefill comes first (the
 * page's query, the remembered contact), then what the visitor typed or chose, which wins.
 */
import { type RefObject, useLayoutEffect } from 'react';
import { chosenByArrows } from '../../client/held-click';
import type { FormField } from '../../schemas/form';
import { initialValues } from '../form/initial-values';
import { rememberedContact } from '../form/sticky-contact';
import { typedBeforeHydration } from '../form/typed-values';
import { visitorFingerprint } from '../form/widget-tracking';
import type { SurveyWidgetProps } from './survey-widget';

interface StartInput {
  props: SurveyWidgetProps;
  fields: readonly FormField[];
  /** The values the server rendered with. */
  initial: Readonly<Record<string, unknown>>;
  root: RefObject<HTMLFormElement | null>;
  setValue: (key: string, value: unknown) => void;
  /** An answer given before hydration counts as given now: a choice moves the survey on (unless an arrow key made it). */
  answer: (key: string, value: unknown) => void;
  /** Where the visitor's fingerprint is kept for the submission. */
  fingerprint: RefObject<string>;
}

export function useSurveyStart({ props, fields, initial, root, setValue, answer, fingerprint }: StartInput): void {
  const { form } = props.formData;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the island mounts.
  useLayoutEffect(() => {
    // The view is recorded by the page (src/widgets/form/view-script.ts) or, inside a funnel page, by the page's runtime.
    fingerprint.current = visitorFingerprint(props.notrack);
    const known = form.stickyContact ? rememberedContact(props.locationId) : {};
    const prefill = initialValues(fields, new URLSearchParams(props.query || location.search), known, props.country);
    for (const [key, value] of Object.entries(prefill)) if (value !== initial[key]) setValue(key, value);
    // What was typed or chosen before is kept. A choice counts as an answer (a choice moves the survey on) unless an
    // arrow key made it (src/client/held-click.ts): a click made before hydration was held and sent again, and React,
    // hydrating, may not see it as a change.
    for (const [key, value] of Object.entries(typedBeforeHydration(root.current, fields))) {
      const checked = root.current?.querySelector(`input[type="radio"][name="${CSS.escape(key)}"]:checked`);
      if (chosenByArrows(checked)) setValue(key, value);
      else answer(key, value);
    }
  }, []);
}
