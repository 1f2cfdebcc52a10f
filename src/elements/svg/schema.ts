/** An inline vector graphic (`svgProperties.svgCode`) with an optional click action. */
import * as v from 'valibot';
import { imageActions } from '../action-schema';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  svgProperties: v.optional(v.looseObject({ svgCode: str() }), { svgCode: '' }),
  altText: str(),
  imageActions,
});
export type SvgExtra = v.InferOutput<typeof extraSchema>;
