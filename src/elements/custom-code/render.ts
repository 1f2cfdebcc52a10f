/* Seller code is rendered as given (trusted seller content). A script without its own
 * <script> tag is wrapped in one. */
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs } from '../common';
import type { CustomCodeExtra } from './schema';

export function renderCustomCode({ node, extra }: ElementProps<CustomCodeExtra>): string {
  const script = extra.script.trim();
  const scriptHtml = script === '' ? '' : script.startsWith('<') ? script : `<script>${script}</script>`;
  return tag('div', elementAttrs(node, extra), extra.html + scriptHtml);
}
