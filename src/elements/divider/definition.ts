import type { StaticElement } from '../element-definition';
import { renderDivider } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderDivider,
} satisfies StaticElement;
