import type { IslandElement } from '../element-definition';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  island: () => import('./one-step-order.astro'),
  sheets: ['orderForm', 'form'],
  sells: true,
} satisfies IslandElement;
