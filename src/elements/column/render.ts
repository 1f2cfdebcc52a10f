import { backgroundStyle } from '../../tree/background';
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { cssValue, joinStyles } from '../../tree/styles';
import { elementAttrs } from '../common';
import type { ColumnExtra } from './schema';

export function renderColumn({ node, extra, ctx }: ElementProps<ColumnExtra>, children: string): string {
  const bg = backgroundStyle(extra.background, ctx.cdnBase);
  const classes = [...(extra.columnLayout === 'row' ? ['ef-col-horizontal'] : []), ...(bg ? ['ef-has-bg'] : [])];
  // A column's own width becomes its flex basis on wide screens (shrinking to fit the row's
  // gaps); on narrow screens columns stack at full width, so the width is not inline.
  const width = cssValue(node.element.styles.width);
  return tag('div', elementAttrs(node, extra, { classes, omitStyles: ['width'], style: joinStyles(bg, width && `--ef-col-flex:0 1 ${width}`) }), children);
}
