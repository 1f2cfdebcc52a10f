/**
 * How the visitor's answers move a survey on (requirements WIDGET-ROWS 1): a click, a tap,
 * Space or Enter on a choice, a day picked in the date picker, or Enter in a text box asks
 * the slide to advance; an arrow key only moves a radio group's or a closed dropdown's
 * selection, so a disqualifying answer reached with the arrows can still be changed.
 */
import { type KeyboardEvent, useRef } from 'react';
import { ARROW_KEYS } from '../../client/held-click';
import { fieldKey } from '../../lib/validation/fields';
import type { FormField } from '../../schemas/form';
import type { SurveySlide } from '../../schemas/survey';
import type { ChangeKind } from '../form/types';
import type { AdvanceTrigger } from './logic';

/** An answer that may move the survey on, once React has stored it. */
export interface Advance {
  trigger: AdvanceTrigger;
  field: FormField;
}

export function useAnswerKeys(slide: SurveySlide | undefined, setValue: (key: string, value: unknown) => void, setAdvance: (advance: Advance) => void) {
  /** An arrow key is down: the choice it makes is a move through the options, never an answer to act on. */
  const arrowDown = useRef(false);
  const fieldOf = (key: string) => slide?.slideData.find((f) => fieldKey(f) === key);

  const onChange = (key: string, value: unknown, how?: ChangeKind) => {
    setValue(key, value);
    const field = fieldOf(key);
    if (arrowDown.current) return;
    if (field?.type === 'radio' || field?.type === 'single_options') setAdvance({ trigger: 'choice', field });
    // A date moves on when it is picked in the picker, not while it is typed (Enter does that).
    else if (field?.type === 'date' && value && how === 'picked') setAdvance({ trigger: 'date', field });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (ARROW_KEYS.has(e.key)) arrowDown.current = true;
    const target = e.target as HTMLInputElement;
    const field = fieldOf(target.name);
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

  const onPointerDown = () => {
    arrowDown.current = false;
  };

  return { onChange, onKeyDown, onKeyUp, onPointerDown };
}
