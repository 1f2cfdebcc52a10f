/**
 * The validation messages of seed 001 §5, word for word (spelling included). Forms and
 * calendar forms word a required field differently from surveys, so the required
 * message takes the mode.
 */

export type ValidationMode = 'form' | 'survey';

/** Seed 001 §9: total upload limit, 50 MB. */
export const MAX_TOTAL_UPLOAD_BYTES = 52_428_800;

/** Seed 001 §5: the survey's required message when it is the only error. */
export const SINGLE_QUESTION = 'This question is required.';

/** Label, field name or tag: how a message names a field. */
export interface Named {
  label: string;
  fieldName: string;
  tag: string;
}

/** The seed names fields by fieldName; a fieldName that only repeats the tag reads worse than the label. */
const nameOf = (f: Named) => (f.fieldName && f.fieldName !== f.tag ? f.fieldName : f.label.trim() || f.fieldName || f.tag);

export const messages = {
  required(field: Named, mode: ValidationMode): string {
    // A survey names the question only when it lists several errors (questionMessages).
    if (mode === 'survey') return SINGLE_QUESTION;
    return field.label.trim() ? `Please fill in ${field.label.trim().toLowerCase()}.` : 'This field is required.';
  },
  /** A required file, signature, numerical or cascade field. */
  nameRequired: (field: Named) => `${nameOf(field)} is required`,
  email: 'Invalid Email Address',
  phone: 'Invalid phone number',
  website: 'Please enter a valid website URL.',
  date: 'Please enter a date as YYYY-MM-DD within 100 years of today.',
  dateOfBirth: (field: Named, mode: ValidationMode) =>
    mode === 'survey'
      ? `${field.label.trim() || 'Date'} cannot be in the future. Click the year to select a year from the past.`
      : 'Date cannot be in the future. Click the year to select a year from the past.',
  number: (field: Named) => `${nameOf(field)} is not a valid number`,
  money: 'Please enter an amount.',
  chooseOne: 'Please choose at least one option.',
  option: 'Please choose one of the offered options.',
  country: 'Please choose a country.',
  text: 'Please enter text.',
  tooLong: (max: number) => `Please enter at most ${max} characters.`,
  fileFormat: (field: Named) => `${nameOf(field)} - File format is not supported`,
  fileCount: (limit: number) => `The field only allows a maximum of ${limit} files`,
  totalSize: 'The total size of the attached files cannot be more that 50MB',
  signature: 'Please sign in the box.',
  captcha: (mode: ValidationMode) => (mode === 'survey' ? 'Invalid captcha' : 'Invalid Captcha'),
} as const;

/**
 * Seed 001 §5 survey slide validation: a required question reads 'This question is
 * required.' when it is the only error listed, and names its question when there are several.
 */
export function questionMessages<E extends { field: string; msg: string }>(errors: readonly E[], labelOf: (field: string) => string): E[] {
  if (errors.length < 2) return [...errors];
  return errors.map((e) => (e.msg === SINGLE_QUESTION ? { ...e, msg: `Question, "${labelOf(e.field)}" is required.` } : e));
}
