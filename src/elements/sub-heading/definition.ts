import type { StaticElement } from '../element-definition';
import { renderSubHeading } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderSubHeading,
  namesDialog: true,
} satisfies StaticElement;
