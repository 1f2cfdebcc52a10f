/* A timer that ends every day at the same time in its time zone. The HTML carries the next
 * days' deadlines as instants, so the browser needs no time-zone data and the page is
 * cached like any other (src/client/timers.ts counts). */
import { dayTimerView } from '../../lib/timers/view';
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import type { TimerExtra } from '../countdown/schema';
import { timerHtml, timerTranslate } from '../countdown/timer-html';
import { elementAttrs } from '../common';

export function renderDayTimer({ node, extra, ctx }: ElementProps<TimerExtra>): string {
  return tag('div', elementAttrs(node, extra), timerHtml(dayTimerView(node.element, ctx.now, timerTranslate(ctx), ctx.lang)));
}
