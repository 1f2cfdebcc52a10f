import type { StaticElement } from '../element-definition';
import { renderColumn } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderColumn,
} satisfies StaticElement;
