import type { StaticElement } from '../element-definition';
import { renderCustomCode } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderCustomCode,
} satisfies StaticElement;
