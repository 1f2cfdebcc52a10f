import type { IslandElement } from '../element-definition';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  island: () => import('./calendar.astro'),
  sheets: ['booking', 'form'],
  // It shows its month's free days in the visitor's zone, so the page's copy is kept per zone
  // and for an hour; the widget fetches the free slots again once the visitor uses it.
  clock: 'hour',
  zoned: true,
} satisfies IslandElement;
