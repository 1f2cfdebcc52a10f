/** An image beside a headline and text; which comes first and the image column's size are settings. */
import * as v from 'valibot';
import { baseExtra, num, str } from '../common';
import { imageFields } from '../image/schema';

export const extraSchema = v.looseObject({
  ...baseExtra,
  ...imageFields,
  featureHeadline: str(),
  text: str(),
  /** `image-first` (default) or `text-first`; `left`/`right` name the image's side. */
  featureColumnOrder: str('image-first'),
  /** Width of the image column in percent (10–90). */
  featureColumnSize: num(33),
});
export type ImageFeatureExtra = v.InferOutput<typeof extraSchema>;
