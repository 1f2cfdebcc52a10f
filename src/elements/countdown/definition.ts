import type { StaticElement } from '../element-definition';
import { renderCountdown } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderCountdown,
  timer: true,
} satisfies StaticElement;
