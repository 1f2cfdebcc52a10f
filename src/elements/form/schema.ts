/** A form element: which form to show (`formId`) and what happens after submit (`action`). */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({ ...baseExtra, formId: str(), action: str() });
export type FormExtra = v.InferOutput<typeof extraSchema>;
