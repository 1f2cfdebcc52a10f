import type { StaticElement } from '../element-definition';
import { renderMinuteTimer } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderMinuteTimer,
  timer: true,
} satisfies StaticElement;
