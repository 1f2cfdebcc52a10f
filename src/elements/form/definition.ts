import type { IslandElement } from '../element-definition';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  island: () => import('./form.astro'),
  sheets: ['form'],
} satisfies IslandElement;
