/** A button: text, sub-text, an optional icon, and what a click does (requirements PAGE-DATA). */
import * as v from 'valibot';
import { actionFields } from '../action-schema';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  ...actionFields,
  text: str(),
  subText: str(),
  /** An inline SVG icon, or an icon name the islands helper may style. */
  icon: v.optional(v.union([v.string(), v.looseObject({ svg: v.optional(v.string()), name: v.optional(v.string()) })]), ''),
  /** `left` or `right` of the text. */
  iconPosition: str('left'),
});
export type ButtonExtra = v.InferOutput<typeof extraSchema>;
