/** Calls of the payments area (see the seeds' call tables). */
import type { CallSpec } from '../call';

export const paymentsCalls = {} satisfies Record<string, CallSpec>;
