/**
 * The frame around one field: its label (visually hidden when the form hides labels, so
 * screen readers keep it), the control, its description and its error. The error has an
 * id the control names in `aria-describedby`, and the control gets `aria-invalid`.
 */
import type { ReactNode } from 'react';
import type { FormField } from '../../schemas/form';
import type { FieldFrame } from './types';

interface Props {
  field: FormField;
  frame: FieldFrame;
  inputId: string;
  descriptionId: string;
  errorId: string;
  error?: string | undefined;
  labelsVisible: boolean;
  requiredText: string;
  /** The `lang` of the interface strings (error, required mark) when the seller's text is in another language. */
  uiLang?: string | undefined;
  children: ReactNode;
}

export function FieldFrameView({ field, frame, inputId, descriptionId, errorId, error, labelsVisible, requiredText, uiLang, children }: Props) {
  if (frame === 'bare')
    return (
      <div className="ef-field ef-field--bare" data-field={field.tag}>
        {children}
      </div>
    );
  const labelClass = labelsVisible ? 'ef-label' : 'ef-label ef-sr-only';
  const mark = field.required ? (
    <span className="ef-required">
      <span aria-hidden="true"> *</span>
      <span className="ef-sr-only" lang={uiLang}>
        {' '}
        ({requiredText})
      </span>
    </span>
  ) : null;
  const label = field.label || field.placeholder || field.fieldName || field.tag;
  const body = (
    <>
      {field.description && (
        <p className="ef-description" id={descriptionId}>
          {field.description}
        </p>
      )}
      {children}
      {error && (
        <p className="ef-error" id={errorId} data-field-error={field.tag} lang={uiLang}>
          {error}
        </p>
      )}
    </>
  );
  const className = `ef-field${field.fullwidth ? ' ef-field--full' : ''}${error ? ' ef-field--invalid' : ''}`;
  if (frame === 'group') {
    return (
      <fieldset className={`${className} ef-group`} data-field={field.tag} aria-describedby={error ? errorId : undefined}>
        <legend className={labelClass}>
          {label}
          {mark}
        </legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={className} data-field={field.tag}>
      <label className={labelClass} htmlFor={inputId}>
        {label}
        {mark}
      </label>
      {body}
    </div>
  );
}
