import type { IslandElement } from '../element-definition';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  island: () => import('./survey.astro'),
  sheets: ['form', 'survey'],
} satisfies IslandElement;
