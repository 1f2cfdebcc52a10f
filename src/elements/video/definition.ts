import type { IslandElement } from '../element-definition';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  island: () => import('./video.astro'),
  sheets: ['video'],
} satisfies IslandElement;
