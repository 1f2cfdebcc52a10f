import type { ElementProps } from '../../tree/context';
import { voidTag } from '../../tree/html';
import { elementAttrs } from '../common';
import type { DividerExtra } from './schema';

export function renderDivider({ node, extra }: ElementProps<DividerExtra>): string {
  return voidTag('hr', elementAttrs(node, extra));
}
