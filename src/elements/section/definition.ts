import type { StaticElement } from '../element-definition';
import { renderSection } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderSection,
} satisfies StaticElement;
