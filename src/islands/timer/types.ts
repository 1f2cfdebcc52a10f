/*
 * Props shared by the three timer islands. Each island gets only what it needs: its element
 * id, the server's render time, its labels, its completion behaviour and its accessible name.
 */
import type { ExpireAction } from '../../lib/timers/expire';
import type { TimerLabels } from '../../lib/timers/labels';

/** Props every timer island takes. */
export interface TimerBaseProps {
  /** The element id: the renderer's wrapper carries it; the minute timer's cookie is named after it. */
  id: string;
  /** Epoch ms the server rendered with (the SSR markup shows the time left at this moment). */
  now: number;
  labels: TimerLabels;
  expire: ExpireAction;
  /** Accessible name of the timer, from i18n key `timer:region`. */
  region: string;
}
