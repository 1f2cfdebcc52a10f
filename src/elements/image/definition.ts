import type { StaticElement } from '../element-definition';
import { renderImage } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderImage,
} satisfies StaticElement;
