import type { StaticElement } from '../element-definition';
import { renderDayTimer } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderDayTimer,
  timer: true,
} satisfies StaticElement;
