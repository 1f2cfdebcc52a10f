/*
 * The markup every timer shows: days (only when over 0), hours, minutes and seconds, each a
 * two-digit value with its label in the timer's language. Rendered on the server from the
 * render-time clock, so the page reads well without JavaScript.
 */
import type { Ref } from 'react';
import { pad2, splitRemaining } from '../../lib/timers/duration';
import './timer.css';
import type { TimerLabels } from '../../lib/timers/labels';

/** Props of the shared timer markup. */
export interface TimerViewProps {
  kind: 'countdown' | 'day-timer' | 'minute-timer';
  remainingMs: number;
  labels: TimerLabels;
  /** Accessible name of the timer region (i18n `timer:region`). */
  region: string;
  state: 'running' | 'expired' | 'hidden';
  rootRef?: Ref<HTMLDivElement>;
}

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** The timer's digits and labels. */
export function TimerView({ kind, remainingMs, labels, region, state, rootRef }: TimerViewProps) {
  const parts = splitRemaining(remainingMs);
  const units = parts.days > 0 ? UNITS : UNITS.slice(1);
  return (
    <div
      ref={rootRef}
      className="ef-timer"
      data-timer={kind}
      data-timer-state={state}
      role="timer"
      aria-label={region}
      dir={labels.dir}
      hidden={state !== 'running'}
    >
      {units.map((unit) => (
        <div className="ef-timer__unit" data-unit={unit} key={unit}>
          <span className="ef-timer__value">{pad2(parts[unit])}</span>
          <span className="ef-timer__label">{labels[unit]}</span>
        </div>
      ))}
    </div>
  );
}
