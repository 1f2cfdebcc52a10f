/** Small parts of the form: the submit button with its spinner, and the honeypot trap. */
import { HONEYPOT_FIELD } from '../../lib/spam-defence';
import type { FormBody } from '../../schemas/form';
import type { FormStrings } from './types';

export function SubmitButton({
  form,
  busy,
  strings,
  label,
}: {
  form: Pick<FormBody, 'button' | 'fields'>;
  busy: boolean;
  strings: FormStrings;
  label?: string;
}) {
  const submitField = form.fields.find((f) => f.type === 'submit');
  const text = label || submitField?.label || form.button.text || strings.ui.submit;
  return (
    <button type="submit" className="ef-submit" disabled={busy} aria-disabled={busy || undefined} data-busy={busy || undefined}>
      {busy && <span className="ef-submit__spinner" aria-hidden="true" />}
      <span>{text}</span>
      {busy && <span className="ef-sr-only">{strings.ui.sending}</span>}
    </button>
  );
}

/** Hidden from people and assistive tech; bots that fill every input fill it too. */
export function Honeypot({ label }: { label: string }) {
  return (
    <div className="ef-hp" aria-hidden="true">
      <label>
        {label}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
