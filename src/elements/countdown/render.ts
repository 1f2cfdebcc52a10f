/* A countdown to a fixed date (endDate + endTime in its time zone). The HTML carries the
 * deadline, not the time left, so the page is cached like any other; the page runtime
 * counts in the browser (src/client/timers.ts). */
import { countdownView } from '../../lib/timers/view';
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import { elementAttrs } from '../common';
import type { TimerExtra } from './schema';
import { timerHtml, timerTranslate } from './timer-html';

export function renderCountdown({ node, extra, ctx }: ElementProps<TimerExtra>): string {
  return tag('div', elementAttrs(node, extra), timerHtml(countdownView(node.element, ctx.now, timerTranslate(ctx), ctx.lang)));
}
