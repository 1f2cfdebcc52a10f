/**
 * The date field (requirements FIELD-RULES, WIDGET-ROWS): a text box that shows and takes
 * YYYY-MM-DD whatever the browser's language (a native date input shows mm/dd/yyyy in an
 * en-US browser), and a button that opens the date picker dialog of the WAI-ARIA pattern.
 * The dialog (./date-picker.tsx) is a chunk of its own, loaded only by forms with a date
 * field. Without JavaScript the text box alone is posted and checked by the server.
 */
import { type ChangeEvent, useRef, useState } from 'react';
import { fillTemplate } from '../../../lib/template';
import { dateRange } from '../../../lib/validation/fields';
import { asPlainDate } from '../../../lib/validation/values';
import type { FormField } from '../../../schemas/form';
import { LazyPartView, LoadFailed, lazyPart } from '../../lazy-part';
import type { FieldProps } from '../types';
import { controlProps, textOf } from './control';

const picker = lazyPart(
  () => import('./date-picker'),
  (module) => module.default,
);

/** Loads the picker's chunk ahead of need: a form with a date field has mounted. */
export const preloadDatePicker = picker.preload;

/** The dates a field offers: 100 years either side of today; a date of birth ends today. */
export function dateBounds(field: Pick<FormField, 'tag'>, today: string): { min: string; max: string } {
  const range = dateRange(today);
  return { min: range.min, max: field.tag === 'date_of_birth' ? today : range.max };
}

export function DateField(p: FieldProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const ui = p.env.strings.ui;
  const value = textOf(p.value);
  const chosen = asPlainDate(value);
  const { min, max } = dateBounds(p.field, p.env.today);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="ef-date">
      <div className="ef-date__row">
        <input
          {...controlProps(p)}
          className="ef-input"
          type="text"
          autoComplete={p.field.tag === 'date_of_birth' ? 'bday' : 'off'}
          placeholder={p.placeholder || 'YYYY-MM-DD'}
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => p.onChange(e.target.value)}
        />
        <button
          ref={button}
          type="button"
          className="ef-date__button"
          aria-haspopup="dialog"
          aria-label={chosen ? fillTemplate(ui.changeDate, { date: chosen }) : ui.chooseDate}
          data-testid="date-picker-button"
          onClick={() => {
            picker.preload();
            setOpen((was) => !was);
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
        </button>
      </div>
      {open && (
        <LazyPartView
          part={picker}
          props={{
            value: chosen,
            today: p.env.today,
            min,
            max,
            lang: p.env.lang,
            ui,
            onPick: (date: string) => {
              p.onChange(date, 'picked');
              close();
            },
            onClose: close,
            opener: button,
          }}
          loading={<p className="ef-loading">{ui.loading}</p>}
          failed={(retry) => (
            <LoadFailed message={ui.fieldLoadError} retryLabel={ui.tryAgain} retry={retry} classes={{ message: 'ef-error', button: 'ef-link' }} />
          )}
        />
      )}
    </div>
  );
}
