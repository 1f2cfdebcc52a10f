/**
 * The seed's unique-email check (requirements OPTIN-RULES-8): an email field marked
 * `uniqueEmail` passes when it is empty or equal to the visitor's current email (the
 * contact they gave this location before, ./sticky-contact.ts); otherwise it asks the
 * server (POST /exists) and passes only on status 200. Any other answer, or none, fails with
 * 'A user with this email already exists.'. Run after the field rules, before the form is sent.
 */
import { fieldKey, fieldError, type FieldError } from '../../lib/validation/fields';
import { messages } from '../../lib/validation/messages';
import type { FormField } from '../../schemas/form';
import { funnelPageRoutes } from '../../schemas/calls/funnel-routes';
import { callApi } from '../../client/api';

/** The errors of the form's unique-email fields; [] when every one passes. */
export async function uniqueEmailErrors(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  locationId: string,
  currentEmail: string,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const field of fields) {
    if (field.uniqueEmail !== true) continue;
    const key = fieldKey(field);
    const email = String(values[key] ?? '')
      .trim()
      .toLowerCase();
    if (!email || email === currentEmail.trim().toLowerCase()) continue;
    const answer = await callApi(funnelPageRoutes.exists, { json: { email, location_id: locationId } });
    if (answer.kind !== 'ok') errors.push(fieldError(key, messages.emailTaken));
  }
  return errors;
}
