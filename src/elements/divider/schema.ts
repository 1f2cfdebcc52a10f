/** A horizontal divider line. */
import * as v from 'valibot';
import { baseExtra } from '../common';

export const extraSchema = v.looseObject({ ...baseExtra });
export type DividerExtra = v.InferOutput<typeof extraSchema>;
