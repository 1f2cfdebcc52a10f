import type { ElementProps } from '../../tree/context';
import { attrs, esc } from '../../tree/html';
import { cssValue } from '../../tree/styles';
import { elementAttrs } from '../common';
import { type ProgressBarExtra, progressStep } from './schema';

export function renderProgressBar({ node, extra, ctx }: ElementProps<ProgressBarExtra>): string {
  const step = progressStep(extra.percentWidth);
  const offset = cssValue(extra.offsetColor);
  const outer = attrs(
    elementAttrs(node, extra, { classes: [`progress${step}`, `ef-progress-${extra.progressBarSize}`], style: offset ? `--ef-progress-offset:${offset}` : '' }),
    {
      role: 'progressbar',
      'aria-valuemin': '0',
      'aria-valuemax': '100',
      'aria-valuenow': step,
      'aria-label': extra.text || ctx.t('progress.label'),
    },
  );
  const text = extra.text ? `<span class="ef-progress-text" style="min-width:${step}%">${esc(extra.text)}</span>` : '';
  return `<div${outer}><div class="ef-progress-fill" style="width:${step}%"></div>${text}</div>`;
}
