/**
 * Who may do what with an appointment. Its id is in places others see (the seller's
 * thank-you URL, the .ics UID), so the id alone only names it; managing it (reschedule,
 * cancel, note, reading its times) takes the manage token: the HMAC of the id under the
 * server's `appointment-manage` key. The token is derived, not stored, so every appointment
 * ever booked has one, and rotating SIGNING_SECRET revokes every link at once.
 */
import { hmacSign, hmacVerify } from '../../lib/signing';
import { ApiError } from '../http';
import { type SigningSecrets, signingKey } from '../secrets';

export const MANAGE_REFUSED = 'This link does not allow changing this appointment. Please use the link from your booking confirmation.';

/** The manage token of an appointment (43 base64url characters). */
export function manageToken(secrets: SigningSecrets, appointmentId: string): Promise<string> {
  return hmacSign(signingKey(secrets, 'appointment-manage'), appointmentId);
}

/** Whether `token` is the manage token of `appointmentId`, compared in constant time. */
export async function canManage(secrets: SigningSecrets, appointmentId: string, token: string | undefined): Promise<boolean> {
  return !!token && hmacVerify(signingKey(secrets, 'appointment-manage'), appointmentId, token);
}

/** A 403 unless `token` manages `appointmentId`. */
export async function requireManage(secrets: SigningSecrets, appointmentId: string, token: string | undefined): Promise<void> {
  if (!(await canManage(secrets, appointmentId, token))) throw new ApiError(403, MANAGE_REFUSED);
}
