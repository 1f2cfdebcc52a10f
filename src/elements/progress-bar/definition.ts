import type { StaticElement } from '../element-definition';
import { renderProgressBar } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderProgressBar,
} satisfies StaticElement;
