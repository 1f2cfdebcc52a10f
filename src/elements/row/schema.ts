/** A row: holds columns side by side (stacked on narrow screens). */
import * as v from 'valibot';
import { backgroundSetting, baseExtra } from '../common';

export const extraSchema = v.looseObject({ ...baseExtra, background: backgroundSetting });
export type RowExtra = v.InferOutput<typeof extraSchema>;
