/** An image: URL, alt text, intrinsic size and an optional click action (page-data.md). */
import * as v from 'valibot';
import { imageActions } from '../action-schema';
import { baseExtra, num, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  imageUrl: str(),
  altText: str(),
  width: num(0),
  height: num(0),
  imageActions,
});
export type ImageExtra = v.InferOutput<typeof extraSchema>;
