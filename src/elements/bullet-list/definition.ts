import type { StaticElement } from '../element-definition';
import { renderBulletList } from './render';
import { extraSchema } from './schema';

export const definition = {
  extra: extraSchema,
  html: renderBulletList,
} satisfies StaticElement;
