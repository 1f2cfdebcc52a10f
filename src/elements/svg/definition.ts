import type { StaticElement } from '../element-definition';
import { renderSvg } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderSvg,
} satisfies StaticElement;
