/** Calls of the surveys area (see the seeds' call tables). */
import type { CallSpec } from '../call';

export const surveysCalls = {} satisfies Record<string, CallSpec>;
