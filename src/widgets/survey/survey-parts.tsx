/** The furniture around a survey's slides: header image, progress bar, error alert, arrows, ending and footer. */
import { fillTemplate } from '../../lib/template';
import { fieldKey } from '../../lib/validation/fields';
import type { FormField } from '../../schemas/form';
import { FocusedEnd } from '../end-screen';
import { errorText } from '../form/form-fields';
import type { FieldEnv } from '../form/types';
import type { ShownError } from '../form/use-form-engine';
import type { SurveyStrings } from './strings';

/**
 * The header image. Its intrinsic size (headerImageWidth/Height, when the seller's data has
 * it) reserves its room before it loads, so nothing below moves; at the top of its own page
 * it is the largest paint, fetched first.
 */
export function HeaderImage({ src, fullWidth, lazy, width, height }: { src: string; fullWidth: boolean; lazy: boolean; width?: number; height?: number }) {
  if (!src) return null;
  const sized = width && height ? { width, height } : {};
  // Decorative: the questions carry the meaning. Below a page's first section it waits until it nears the screen, off the page's first paint.
  return (
    <img
      className={`ef-survey__header${fullWidth ? ' ef-survey__header--full' : ''}`}
      src={src}
      alt=""
      {...sized}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={lazy ? undefined : 'high'}
      decoding="async"
    />
  );
}

export function ProgressBar({ percent, strings }: { percent: number; strings: SurveyStrings }) {
  const text = fillTemplate(strings.progress, { percent });
  return (
    <div
      className="ef-survey__progress"
      role="progressbar"
      aria-label={strings.progressLabel}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={text}
      data-testid="survey-progress"
    >
      <div className="ef-survey__progress-track">
        <div className="ef-survey__progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="ef-survey__progress-text">{text}</span>
    </div>
  );
}

export interface ListedError {
  key: string;
  inputId: string;
  text: string;
}

/** The alert above the slides: every error of the slide, each a link to its field. */
export function ErrorAlert({
  errors,
  message,
  strings,
  lang,
}: {
  errors: readonly ListedError[];
  message: string;
  strings: SurveyStrings;
  lang?: string | undefined;
}) {
  if (errors.length === 0 && !message) return null;
  return (
    <div className="ef-survey__alert" role="alert" data-testid="survey-alert" lang={lang}>
      {message && <p>{message}</p>}
      {errors.length > 0 && (
        <>
          <p className="ef-survey__alert-title">{strings.alertTitle}</p>
          <ul>
            {errors.map((e) => (
              <li key={e.key}>
                <a href={`#${e.inputId}`}>{e.text}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const Arrow = ({ back }: { back?: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function BackButton({ disabled, onClick, strings }: { disabled: boolean; onClick: () => void; strings: SurveyStrings }) {
  return (
    <button type="button" className="ef-survey__arrow ef-survey__arrow--back" onClick={onClick} disabled={disabled} data-testid="survey-back">
      <Arrow back />
      <span>{strings.back}</span>
    </button>
  );
}

export function NextButton({ disabled, onClick, strings }: { disabled: boolean; onClick: () => void; strings: SurveyStrings }) {
  return (
    <button type="button" className="ef-survey__arrow ef-survey__arrow--next" onClick={onClick} disabled={disabled} data-testid="survey-next">
      <span>{strings.next}</span>
      <Arrow />
    </button>
  );
}

/** What replaces the slides at the end: the seller's sanitised text with the answers as text (mergeVisitorHtml), or "Redirecting…". */
export function EndScreen({ html, state }: { html: string; state: string }) {
  return (
    <FocusedEnd className="ef-survey__end" data={{ 'data-survey-end': state, 'data-testid': 'survey-end' }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised seller text, visitor values filled in as text by mergeVisitorHtml. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </FocusedEnd>
  );
}

/** The seller's footer HTML, unless the survey switched it off (`fieldSettingEnable` false). */
export function Footer({ html, on }: { html: string; on: boolean }) {
  if (!on || !html.trim()) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the seller's footer HTML, trusted and rendered as given.
  return <div className="ef-survey__footer" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The errors of a slide in field order, translated, each pointing at its control. The
 * captcha shows its error beside itself only (requirements WIDGET-STATES: dropped from the list).
 */
export function listedErrors(fields: readonly FormField[], errors: Readonly<Record<string, ShownError>>, env: FieldEnv, idPrefix: string): ListedError[] {
  return fields.flatMap((f) => {
    if (f.type === 'captcha') return [];
    const key = fieldKey(f);
    const shown = errorText(errors[key], env);
    return shown ? [{ key, inputId: `${idPrefix}-${key}`, text: shown }] : [];
  });
}
