/** A bullet list; `text` is seller HTML (a <ul> or <ol>). */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  /** Seller HTML; merge fields are filled in when rendered. */
  text: str(),
});
export type BulletListExtra = v.InferOutput<typeof extraSchema>;
