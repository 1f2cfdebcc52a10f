/** Custom code: seller HTML and an optional script, rendered as given. */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({ ...baseExtra, html: str(), script: str() });
export type CustomCodeExtra = v.InferOutput<typeof extraSchema>;
