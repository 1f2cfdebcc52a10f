/** Calls of the forms area (see the seeds' call tables). */
import type { CallSpec } from '../call';

export const formsCalls = {} satisfies Record<string, CallSpec>;
