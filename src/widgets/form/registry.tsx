/**
 * One entry per field type of seed 001 (a missing type is a compile error): the component
 * that renders it and the frame drawn around it. The signature pad, file upload, cascade
 * dropdown and the date picker dialog are split into their own chunks, loaded only when a
 * form has them.
 */
import type { ComponentType } from 'react';
import type { FieldType } from '../../schemas/form';
import { type LazyPart, LazyPartView, LoadFailed, lazyPart } from '../lazy-part';
import { CaptchaField } from './fields/captcha-field';
import { DateField, preloadDatePicker } from './fields/date-field';
import { CheckboxField, MultiSelectField, RadioField, SelectField, TextboxListField } from './fields/choice-fields';
import { MoneyField } from './fields/money-field';
import { PaymentField } from './fields/payment-field';
import { HeadingField, HtmlField, ImageField, Nothing } from './fields/static-fields';
import { EmailField, NumberField, PhoneField, TextAreaField, TextField } from './fields/text-fields';
import type { FieldFrame, FieldProps } from './types';

export interface FieldDefinition {
  component: ComponentType<FieldProps>;
  frame: FieldFrame;
}

const signature = lazyPart(
  () => import('./fields/signature-field'),
  (module) => module.default,
);
const fileUpload = lazyPart(
  () => import('./fields/file-upload-field'),
  (module) => module.default,
);
const cascade = lazyPart(
  () => import('./fields/cascade-field'),
  (module) => module.default,
);

/** A field drawn by a lazy part: "Loading…" in its place until it arrives, or why not and Try again. */
function LazyField({ part, props }: { part: LazyPart<FieldProps>; props: FieldProps }) {
  const ui = props.env.strings.ui;
  return (
    <LazyPartView
      part={part}
      props={props}
      loading={<p className="ef-loading">{ui.loading}</p>}
      failed={(retry) => <LoadFailed message={ui.fieldLoadError} retryLabel={ui.tryAgain} retry={retry} classes={{ message: 'ef-error', button: 'ef-link' }} />}
    />
  );
}

const SignatureField = (props: FieldProps) => <LazyField part={signature} props={props} />;
const FileUploadField = (props: FieldProps) => <LazyField part={fileUpload} props={props} />;
const CascadeField = (props: FieldProps) => <LazyField part={cascade} props={props} />;

const labelled = (component: ComponentType<FieldProps>): FieldDefinition => ({ component, frame: 'labelled' });
const group = (component: ComponentType<FieldProps>): FieldDefinition => ({ component, frame: 'group' });
const bare = (component: ComponentType<FieldProps>): FieldDefinition => ({ component, frame: 'bare' });

export const fieldRegistry = {
  text: labelled(TextField),
  phone: labelled(PhoneField),
  number: labelled(NumberField),
  numerical: labelled(NumberField),
  email: labelled(EmailField),
  h1: bare(HeadingField),
  img: bare(ImageField),
  html: bare(HtmlField),
  textbox_list: group(TextboxListField),
  textarea: labelled(TextAreaField),
  large_text: labelled(TextAreaField),
  captcha: group(CaptchaField),
  monetory: labelled(MoneyField),
  checkbox: group(CheckboxField),
  radio: group(RadioField),
  select: labelled(SelectField),
  single_options: labelled(SelectField),
  multiple_options: labelled(MultiSelectField),
  date: labelled(DateField),
  payment: bare(PaymentField),
  cascade_dropdown: group(CascadeField),
  file_upload: labelled(FileUploadField),
  signature: group(SignatureField),
  submit: bare(Nothing),
  source: labelled(TextField),
} satisfies Record<FieldType, FieldDefinition>;

/** Field types whose code loads on demand: preload it as soon as a form with one mounts. */
export const LAZY_FIELD_TYPES: Partial<Record<FieldType, () => void>> = {
  signature: signature.preload,
  file_upload: fileUpload.preload,
  cascade_dropdown: cascade.preload,
  date: preloadDatePicker,
};
