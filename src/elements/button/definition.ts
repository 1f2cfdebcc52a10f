import type { StaticElement } from '../element-definition';
import { renderButton } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderButton,
} satisfies StaticElement;
