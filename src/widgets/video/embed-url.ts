/*
 * Player addresses of the hosted video sources (requirements PAGE-DATA: youtube, vimeo, wistia) built
 * from whatever link the seller pasted (watch page, short link, share link or embed link).
 * custom_embed and html carry the seller's own embed code instead of a link.
 */
import { httpUrl, isHttpUrl } from '../../lib/http-url';

/** The video sources a video element can have. */
export type VideoSource = 'youtube' | 'vimeo' | 'wistia' | 'custom_embed' | 'html';

const SOURCES: readonly VideoSource[] = ['youtube', 'vimeo', 'wistia', 'custom_embed', 'html'];

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

/**
 * The address of a video file an `html` video plays in the browser's own <video> player:
 * its link (or the whole of its embed code) when that is an http(s) URL or a site path
 * naming a video file (.mp4, .webm, .ogg, .mov…); null for embed code.
 */
export function videoFileUrl(source: VideoSource, embedUrl: string, customEmbedCode: string): string | null {
  if (source !== 'html') return null;
  for (const candidate of [embedUrl.trim(), customEmbedCode.trim()]) {
    if (!isHttpUrl(candidate) && !/^\/(?!\/)\S+$/.test(candidate)) continue;
    const path = candidate.split(/[?#]/)[0] ?? '';
    if (VIDEO_FILE.test(path)) return candidate;
  }
  return null;
}

/** Whether the source plays the seller's embed code rather than a link. */
export function usesEmbedCode(source: VideoSource): boolean {
  return source === 'custom_embed' || source === 'html';
}

/** The source of a video element: its `type` when known, otherwise guessed from the link. */
export function videoSourceOf(type: unknown, embedUrl: string, customEmbedCode: string): VideoSource {
  const named = typeof type === 'string' ? type.trim().toLowerCase().replace(/[\s-]/g, '_') : '';
  if ((SOURCES as readonly string[]).includes(named)) return named as VideoSource;
  if (named === 'custom' || named === 'embed') return 'custom_embed';
  if (/youtu\.?be/i.test(embedUrl)) return 'youtube';
  if (/vimeo\.com/i.test(embedUrl)) return 'vimeo';
  if (/wistia\.(com|net)|wi\.st/i.test(embedUrl)) return 'wistia';
  return embedUrl.trim() === '' && customEmbedCode.trim() !== '' ? 'custom_embed' : 'youtube';
}

type PlayerBuilder = (link: URL, muted: boolean) => string | null;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

function youtube(link: URL, muted: boolean): string | null {
  const host = link.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = link.pathname.slice(1).split('/')[0] ?? null;
  else if (/(^|\.)youtube(-nocookie)?\.com$/.test(host)) {
    const parts = link.pathname.split('/').filter(Boolean);
    id = parts[0] === 'watch' ? link.searchParams.get('v') : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '') ? (parts[1] ?? null) : null;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const query = new URLSearchParams({ autoplay: '1', rel: '0', playsinline: '1' });
  if (muted) query.set('mute', '1');
  const start = link.searchParams.get('t') ?? link.searchParams.get('start');
  if (start && /^\d+s?$/.test(start)) query.set('start', start.replace('s', ''));
  return `https://www.youtube.com/embed/${id}?${query.toString()}`;
}

function vimeo(link: URL, muted: boolean): string | null {
  if (!/(^|\.)vimeo\.com$/.test(link.hostname)) return null;
  const id = link.pathname.split('/').find((part) => /^\d+$/.test(part));
  if (!id) return null;
  const query = new URLSearchParams({ autoplay: '1' });
  const hash = link.searchParams.get('h');
  if (hash) query.set('h', hash);
  if (muted) query.set('muted', '1');
  return `https://player.vimeo.com/video/${id}?${query.toString()}`;
}

function wistia(link: URL, muted: boolean): string | null {
  if (!/(^|\.)(wistia\.(com|net)|wi\.st)$/.test(link.hostname)) return null;
  const parts = link.pathname.split('/').filter(Boolean);
  const at = parts.findIndex((part) => part === 'medias' || part === 'iframe');
  const id = at >= 0 ? parts[at + 1] : parts[parts.length - 1];
  if (!id || !/^[A-Za-z0-9]{4,20}$/.test(id)) return null;
  const query = new URLSearchParams({ autoPlay: 'true' });
  if (muted) query.set('muted', 'true');
  return `https://fast.wistia.net/embed/iframe/${id}?${query.toString()}`;
}

const BUILDERS: Record<'youtube' | 'vimeo' | 'wistia', PlayerBuilder> = { youtube, vimeo, wistia };

/**
 * The iframe address that plays the video at once (muted when it starts by itself, as browsers
 * require); null when the link is not a usable link of that source.
 */
export function playerUrl(source: VideoSource, embedUrl: string, muted: boolean): string | null {
  if (source === 'custom_embed' || source === 'html') return null;
  const raw = embedUrl.trim();
  const link = httpUrl(isHttpUrl(raw) ? raw : `https://${raw}`);
  return link ? BUILDERS[source](link, muted) : null;
}

/** The first external address an embed code loads (iframe or script src), to check reachability. */
export function embedCodeSource(code: string): string | null {
  const match = /<(?:iframe|script|video|source)\b[^>]*?\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/i.exec(code);
  return match?.[1] ?? null;
}
