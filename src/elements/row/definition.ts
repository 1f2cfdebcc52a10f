import type { StaticElement } from '../element-definition';
import { renderRow } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderRow,
} satisfies StaticElement;
