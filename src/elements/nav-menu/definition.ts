import type { StaticElement } from '../element-definition';
import { renderNavMenu } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderNavMenu,
} satisfies StaticElement;
