/** A paragraph; `text` is seller HTML. */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  /** Seller HTML; merge fields are filled in when rendered. */
  text: str(),
});
export type ParagraphExtra = v.InferOutput<typeof extraSchema>;
