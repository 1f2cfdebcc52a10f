/**
 * Renders a list of fields with the registry: each in its frame, with its value, files and
 * translated error. Hidden fields become hidden inputs. Controlled: the caller owns the
 * state (usually `useFormEngine`). Used by the form, survey, booking and order widgets.
 */
import { useEffect } from 'react';
import { fieldKey } from '../../lib/validation/fields';
import { type MessageKey, messageText } from '../../lib/validation/messages';
import { type FormField, isFieldType } from '../../schemas/form';
import { FieldFrameView } from './field-frame';
import { HiddenField } from './fields/static-fields';
import { fieldRegistry, LAZY_FIELD_TYPES } from './registry';
import type { ChangeKind, FieldEnv } from './types';
import type { ShownError } from './use-form-engine';

export interface FormFieldsProps {
  fields: readonly FormField[];
  values: Readonly<Record<string, unknown>>;
  files: Readonly<Record<string, readonly File[]>>;
  errors: Readonly<Record<string, ShownError>>;
  onChange: (key: string, value: unknown, how?: ChangeKind) => void;
  onFiles: (key: string, files: File[]) => void;
  env: FieldEnv;
  /** Prefix of DOM ids, unique per form on the page. */
  idPrefix: string;
}

/**
 * A message that names its field by the seller's label, and the one that does not: in a page
 * whose interface speaks another language than the seller's text, a label inside a
 * translated sentence mixes both ("Bitte füllen Sie first name aus."), so the message stands
 * without it (requirements ELEMENTS-5); the error sits under its field and names it anyway.
 */
const UNNAMED: Partial<Record<MessageKey, MessageKey>> = {
  required: 'requiredBlank',
  nameRequired: 'requiredBlank',
  questionRequired: 'questionRequiredOne',
  dateOfBirthNamed: 'dateOfBirth',
};

/** The text of a shown error in the form's language. */
export function errorText(error: ShownError | undefined, env: FieldEnv): string | undefined {
  if (!error) return undefined;
  if ('text' in error) return error.text;
  const unnamed = env.uiLang ? UNNAMED[error.key] : undefined;
  return messageText(unnamed ? { key: unnamed } : error, env.strings.messages);
}

/** The placeholder, with `*` for a required field when labels are hidden (requirements WIDGET-ROUTES). */
export function placeholderOf(field: FormField, labelsVisible: boolean): string {
  const text = field.placeholder || (labelsVisible ? '' : field.label);
  return !labelsVisible && field.required && text ? `${text} *` : text;
}

export function FormFields({ fields, values, files, errors, onChange, onFiles, env, idPrefix }: FormFieldsProps) {
  useEffect(() => {
    for (const type of new Set(fields.map((f) => f.type))) LAZY_FIELD_TYPES[type as keyof typeof LAZY_FIELD_TYPES]?.();
  }, [fields]);
  const firstFileField = fields.find((f) => f.type === 'file_upload');
  return (
    <>
      {fields.map((field, index) => {
        if (!isFieldType(field.type) || field.active === false) return null;
        const key = fieldKey(field) || `field-${index}`;
        if (field.hidden) return <HiddenField key={key} {...fieldPropsFor(field, key)} />;
        const def = fieldRegistry[field.type];
        const inputId = `${idPrefix}-${key}`;
        const errorId = `${inputId}-error`;
        const descriptionId = `${inputId}-description`;
        const own = errors[key] ?? (field === firstFileField ? errors.files : undefined);
        const error = errorText(own, env);
        const describedBy = [field.description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
        const Component = def.component;
        return (
          <FieldFrameView
            key={key}
            field={field}
            frame={def.frame}
            inputId={inputId}
            descriptionId={descriptionId}
            errorId={errorId}
            error={error}
            labelsVisible={env.labelsVisible}
            requiredText={env.strings.ui.required}
            uiLang={env.uiLang}
          >
            <Component {...fieldPropsFor(field, key)} inputId={inputId} error={error} describedBy={describedBy} />
          </FieldFrameView>
        );
      })}
    </>
  );

  function fieldPropsFor(field: FormField, key: string) {
    return {
      field,
      name: key,
      inputId: `${idPrefix}-${key}`,
      value: values[key],
      files: files[key] ?? [],
      placeholder: placeholderOf(field, env.labelsVisible),
      onChange: (value: unknown, how?: ChangeKind) => onChange(key, value, how),
      onFiles: (list: File[]) => onFiles(key, list),
      env,
    };
  }
}
