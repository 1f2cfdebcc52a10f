import type { StaticElement } from '../element-definition';
import { renderImageFeature } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderImageFeature,
} satisfies StaticElement;
