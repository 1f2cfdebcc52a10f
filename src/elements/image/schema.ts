/** An image: URL, alt text, intrinsic size and an optional click action (requirements DOC-LAYOUT). */
import * as v from 'valibot';
import { imageActions } from '../action-schema';
import { baseExtra, num, str } from '../common';

/** The fields every element showing one image has: its URL, alt text and intrinsic size. */
export const imageFields = { imageUrl: str(), altText: str(), width: num(0), height: num(0) };

export const extraSchema = v.looseObject({
  ...baseExtra,
  ...imageFields,
  imageActions,
});
export type ImageExtra = v.InferOutput<typeof extraSchema>;
