/* An evergreen timer that runs for hours/minutes/seconds from a visitor's first visit. The
 * HTML shows the full duration; the first visit comes from the timer's cookie in the
 * browser (src/client/timers.ts), so the page is cached like any other. */
import { minuteTimerView } from '../../lib/timers/view';
import type { ElementProps } from '../../tree/context';
import { tag } from '../../tree/html';
import type { TimerExtra } from '../countdown/schema';
import { timerHtml, timerTranslate } from '../countdown/timer-html';
import { elementAttrs } from '../common';

export function renderMinuteTimer({ node, extra, ctx }: ElementProps<TimerExtra>): string {
  return tag('div', elementAttrs(node, extra), timerHtml(minuteTimerView(node.element, timerTranslate(ctx))));
}
