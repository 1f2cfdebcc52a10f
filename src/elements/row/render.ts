import { backgroundStyle } from '../../tree/background';
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs } from '../common';
import type { RowExtra } from './schema';

export function renderRow({ node, extra, ctx }: ElementProps<RowExtra>, children: string): string {
  const bg = backgroundStyle(extra.background, ctx.cdnBase);
  return tag('div', elementAttrs(node, extra, { classes: bg ? ['ef-has-bg'] : [], style: bg }), children);
}
