/** Calls of the funnel area (see the seeds' call tables). */
import type { CallSpec } from '../call';

export const funnelCalls = {} satisfies Record<string, CallSpec>;
