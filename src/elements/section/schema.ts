/** A section: a page root; may stick to the top or bottom of the page (requirements PAGE-DATA). */
import * as v from 'valibot';
import { backgroundSetting, baseExtra, flag, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  /** noneSticky, stickyTop or stickyBottom. */
  sticky: v.optional(v.picklist(['noneSticky', 'stickyTop', 'stickyBottom']), 'noneSticky'),
  background: backgroundSetting,
  /** Content spans the whole width instead of the centred 1170px container. */
  fullWidth: flag(),
  /** An accessible name for the section landmark, when the builder gives one. */
  label: str(),
});
export type SectionExtra = v.InferOutput<typeof extraSchema>;
