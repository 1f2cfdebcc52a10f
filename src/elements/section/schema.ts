/** A section: a page root; may stick to the top or bottom of the page (seed 000 §3). */
import * as v from 'valibot';
import { backgroundSetting, baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  /** noneSticky, stickyTop or stickyBottom. */
  sticky: v.optional(v.picklist(['noneSticky', 'stickyTop', 'stickyBottom']), 'noneSticky'),
  background: backgroundSetting,
  /** An accessible name for the section landmark, when the builder gives one. */
  label: str(),
});
export type SectionExtra = v.InferOutput<typeof extraSchema>;
