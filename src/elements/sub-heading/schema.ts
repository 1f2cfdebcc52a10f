/** A sub-headline (h2 unless the seller chose another level); `text` is seller HTML. */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  /** Seller HTML; merge fields are filled in when rendered. */
  text: str(),
  /** The heading level the seller chose (h1–h6). */
  tag: v.optional(v.picklist(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])),
});
export type SubHeadingExtra = v.InferOutput<typeof extraSchema>;
