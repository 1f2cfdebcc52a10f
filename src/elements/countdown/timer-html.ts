/* The markup of every timer (docs/contracts/islands.md §4): the four units (days only when
 * over 0), the deadline as text for browsers without JavaScript, and in data attributes
 * what src/client/timers.ts needs to count: deadlines as instants, the minute timer's
 * duration and cookie settings, and the expire action. Nothing here depends on the
 * request, so the page's HTML is cached with it. The page runtime loads the counting code
 * on pages with a timer (src/client/page-features.ts). */
import type { Translate, TimerView } from '../../lib/timers/view';
import type { RenderContext } from '../../tree/context';
import { attrs, esc } from '../../tree/html';

export function timerHtml(view: TimerView): string {
  const { expire, evergreen } = view;
  const outer = attrs({
    class: 'ef-timer',
    'data-timer': view.kind,
    'data-timer-state': 'running',
    role: 'timer',
    'aria-label': view.region,
    dir: view.labels.dir,
    'data-deadlines': view.deadlines.length > 0 ? view.deadlines.join(',') : undefined,
    'data-duration': evergreen ? String(evergreen.durationMs) : undefined,
    'data-cookie-days': evergreen ? String(evergreen.cookieDays) : undefined,
    'data-revisit': evergreen && evergreen.revisitAction !== 'none' ? evergreen.revisitAction : undefined,
    'data-show-on-revisit': evergreen && evergreen.showOnRevisit.length > 0 ? evergreen.showOnRevisit.join(',') : undefined,
    'data-expire-url': expire.kind === 'redirect' ? expire.url : undefined,
    'data-expire-hide': expire.kind === 'toggle' && expire.hide.length > 0 ? expire.hide.join(',') : undefined,
    'data-expire-show': expire.kind === 'toggle' && expire.show.length > 0 ? expire.show.join(',') : undefined,
  });
  let units = '';
  for (const unit of view.units) {
    units += `<div class="ef-timer__unit"${attrs({ 'data-unit': unit.unit, hidden: unit.hidden })}><span class="ef-timer__value">${esc(unit.value)}</span><span class="ef-timer__label">${esc(unit.label)}</span></div>`;
  }
  const deadline = view.deadlineText ? `<p class="ef-timer__deadline"><time${attrs({ datetime: view.deadlineIso })}>${esc(view.deadlineText)}</time></p>` : '';
  return `<div${outer}><div class="ef-timer__units">${units}</div>${deadline}</div>`;
}

/** The render's translator as the timer views take it. */
export function timerTranslate(ctx: RenderContext): Translate {
  return (key, options) => ctx.t(key, options ?? {});
}
