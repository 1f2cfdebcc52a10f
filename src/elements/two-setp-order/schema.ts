/** The two-setp-order element's settings; shared keys in ../order-settings.ts. */
import * as v from 'valibot';
import { orderFields } from '../order-settings';

export const extraSchema = v.looseObject({ ...orderFields });
export type OrderExtra = v.InferOutput<typeof extraSchema>;
