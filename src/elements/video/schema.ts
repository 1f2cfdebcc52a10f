/** A video (requirements PAGE-DATA): thumbnail, embed URL or custom embed code, autoplay (1 = on), source type, width. */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  thumbnailURL: str(),
  embedURL: str(),
  customEmbedCode: str(),
  autoplay: v.optional(
    v.pipe(
      v.union([v.number(), v.string(), v.boolean()]),
      v.transform((a) => a === 1 || a === '1' || a === true),
    ),
    false,
  ),
  /** youtube, vimeo, wistia, custom_embed or html. */
  type: str('youtube'),
  width: v.optional(v.union([v.string(), v.number()]), ''),
  title: str(),
});
export type VideoExtra = v.InferOutput<typeof extraSchema>;
