/**
 * The slide the visitor is on, with the seed's motion: after a move the arrows stay locked
 * for SLIDE_LOCK_MS while the slide animates, unless the survey disables animation
 * (requirements WIDGET-STATES, WIDGET-LIMITS), or the visitor asks for reduced motion. The rules of where to go are ./logic.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { SLIDE_LOCK_MS, type SurveyNav, startNav } from './logic';

export type SlideMotion = 'forward' | 'back' | 'none';

export function useSurveyNav(animated: boolean) {
  const [nav, setNav] = useState<SurveyNav>(startNav);
  const [motion, setMotion] = useState<SlideMotion>('none');
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const goTo = useCallback(
    (next: SurveyNav, direction: Exclude<SlideMotion, 'none'>) => {
      setNav(next);
      // Under reduced motion the slide does not move (survey.css), so nothing waits for it.
      if (!animated || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
      setMotion(direction);
      setLocked(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLocked(false), SLIDE_LOCK_MS);
    },
    [animated],
  );

  return { nav, motion, locked, goTo };
}

/**
 * A new slide takes the focus (a chosen radio or the Next button may be gone), so keyboard
 * and screen-reader users continue from the new question.
 */
export function useSlideFocus(index: number) {
  const slideRef = useRef<HTMLElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    slideRef.current?.focus({ preventScroll: true });
    slideRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);
  return slideRef;
}
