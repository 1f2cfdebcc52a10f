import type { StaticElement } from '../element-definition';
import { renderParagraph } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderParagraph,
} satisfies StaticElement;
