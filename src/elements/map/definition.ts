import type { StaticElement } from '../element-definition';
import { renderMap } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderMap,
} satisfies StaticElement;
