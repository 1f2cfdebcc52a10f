import type { IslandElement } from '../element-definition';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  island: () => import('./two-setp-order.astro'),
  sheets: ['orderForm', 'form'],
  sells: true,
} satisfies IslandElement;
