/** A column: its layout `row` lays its elements out horizontally; it may have a background image. */
import * as v from 'valibot';
import { backgroundSetting, baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  /** `row` lays the column's elements out horizontally; anything else stacks them. */
  columnLayout: str('column'),
  background: backgroundSetting,
});
export type ColumnExtra = v.InferOutput<typeof extraSchema>;
