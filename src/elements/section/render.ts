/* A section. Sticky sections are pure CSS: moved to the start (top) or end (bottom) of the page
 * with `order` and held there with `position: sticky`, so the page keeps a margin equal to the
 * section's height without measuring it. */
import { backgroundStyle } from '../../tree/background';
import type { ElementProps } from '../../tree/context';
import { attrs } from '../../tree/html';
import { elementAttrs } from '../common';
import type { SectionExtra } from './schema';

const STICKY_CLASSES: Record<SectionExtra['sticky'], string[]> = {
  noneSticky: [],
  stickyTop: ['ef-sticky-top'],
  stickyBottom: ['ef-sticky-bottom'],
};

export function renderSection({ node, extra, ctx }: ElementProps<SectionExtra>, children: string): string {
  const bg = backgroundStyle(extra.background, ctx.cdnBase);
  const classes = [...STICKY_CLASSES[extra.sticky], ...(bg ? ['ef-has-bg'] : []), ...(extra.fullWidth ? ['ef-full-width'] : [])];
  const outer = attrs(elementAttrs(node, extra, { classes, style: bg }), {
    'aria-label': extra.label || undefined,
    'data-sticky': extra.sticky === 'noneSticky' ? undefined : extra.sticky,
  });
  return `<section${outer}><div class="ef-section-inner">${children}</div></section>`;
}
