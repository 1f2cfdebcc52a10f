/** Calls of the booking area (see the seeds' call tables). */
import type { CallSpec } from '../call';

export const bookingCalls = {} satisfies Record<string, CallSpec>;
