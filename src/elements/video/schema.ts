/** A video (seed 000 §3): thumbnail, embed URL or custom embed code, autoplay (1 = on), source type, width. */
import * as v from 'valibot';
import { baseExtra, str } from '../common';

export const extraSchema = v.looseObject({
  ...baseExtra,
  thumbnailURL: str(),
  embedURL: str(),
  customEmbedCode: str(),
  autoplay: v.optional(v.pipe(v.union([v.number(), v.string(), v.boolean()]), v.transform((a) => a === 1 || a === '1' || a === true)), false),
  /** youtube, vimeo, wistia, custom_embed or html. */
  type: str('youtube'),
  width: str(),
  title: str(),
});
export type VideoExtra = v.InferOutput<typeof extraSchema>;

/** The page a visitor can watch the video on without the player (YouTube/Vimeo embeds → their watch pages). */
export function watchUrl(embedUrl: string): string | null {
  const url = embedUrl.trim();
  const youtube = /^https?:\/\/(?:www\.)?(?:youtube(?:-nocookie)?\.com\/embed\/|youtu\.be\/)([\w-]{6,})/i.exec(url);
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`;
  const vimeo = /^https?:\/\/player\.vimeo\.com\/video\/(\d+)/i.exec(url);
  if (vimeo) return `https://vimeo.com/${vimeo[1]}`;
  return /^https?:\/\//i.test(url) ? url : null;
}
