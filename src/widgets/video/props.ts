/*
 * Builder of the video island's props from a video element, for its element renderer:
 *   <VideoPlayer client:visible {...videoIslandProps(element, t)} />
 */
import { type Translate, videoMessages } from '../../tree/messages';
import { videoSourceOf } from './embed-url';
import type { VideoPlayerProps } from './video-player';

/** The part of a page element the builder reads. */
export interface VideoElement {
  extra?: Record<string, unknown>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The CSS width of the video on wide screens: '100%' unless the seller set one. */
export function videoWidth(value: unknown): string {
  if (typeof value === 'number' && value > 0) return `${value}px`;
  const width = text(value).trim();
  if (/^\d+(\.\d+)?$/.test(width)) return `${width}px`;
  return /^\d+(\.\d+)?(px|%|rem|em|vw)$/.test(width) ? width : '100%';
}

/** Options of the builder: how seller images are served (e.g. bucket files through the CDN). */
export interface VideoPropsOptions {
  imageUrl?: (raw: string) => string | null;
  /** The video is in the first section (not in a popup): its thumbnail loads eagerly. */
  aboveFold?: boolean;
}

/** The thumbnail the video shows until it plays, as served ('' when it has none). */
export function videoThumbnailUrl(element: VideoElement, imageUrl?: (raw: string) => string | null): string {
  const thumbnail = text(element.extra?.thumbnailURL);
  return imageUrl ? (imageUrl(thumbnail) ?? '') : thumbnail;
}

/** Props of the video island. */
export function videoIslandProps(element: VideoElement, t: Translate, options: VideoPropsOptions = {}): VideoPlayerProps {
  const extra = element.extra ?? {};
  const embedUrl = text(extra.embedURL);
  const customEmbedCode = text(extra.customEmbedCode);
  return {
    source: videoSourceOf(extra.type, embedUrl, customEmbedCode),
    embedUrl,
    customEmbedCode,
    thumbnailUrl: videoThumbnailUrl(element, options.imageUrl),
    ...(options.aboveFold ? { eagerThumbnail: true } : {}),
    autoplay: extra.autoplay === 1 || extra.autoplay === '1' || extra.autoplay === true,
    width: videoWidth(extra.width),
    messages: videoMessages(t),
  };
}
