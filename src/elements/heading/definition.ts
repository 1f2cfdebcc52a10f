import type { StaticElement } from '../element-definition';
import { renderHeading } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderHeading,
  namesDialog: true,
} satisfies StaticElement;
