/*
 * Video island (meta `video`). A thumbnail (the seller's thumbnailURL, or a drawn poster with
 * a play button) stands in for the player until the visitor plays it or autoplay starts it
 * 3 s after load (on a phone, 2 s after the page flags it mobile, when that comes later);
 * the player iframe (or the seller's embed code, or for an `html` video whose link is a video
 * file the browser's own <video> with its poster, controls, and muted when it autoplays) is
 * created only then, so a visitor who never plays loads no player. A player whose host cannot be reached shows a
 * message instead of a blank box. Inside a popup, closing the popup (`popup:close`, from the
 * page runtime) stops the video by removing the player.
 */
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { embedCodeSource, playerUrl, usesEmbedCode, type VideoSource, videoFileUrl } from './embed-url';
import { mountEmbedCode } from './embed-code';
import { isReachable } from './reachability';
import { VideoPoster } from './video-poster';

/** Milliseconds after load when the island flags itself mounted (requirements PAGE-LIMITS). */
export const MOUNTED_AFTER_MS = 2500;
/** Milliseconds after load when an autoplay video starts (desktop and mobile). */
export const AUTOPLAY_AFTER_MS = 3000;
/** Milliseconds after a later mobile detection (`data-mobile` on <html>) when it starts instead. */
export const AUTOPLAY_AFTER_MOBILE_MS = 2000;

/** Visitor-facing strings (i18n namespace `page-runtime`, keys video.*). */
export interface VideoMessages {
  play: string;
  loadError: string;
  title: string;
}

/** Props of the video island. */
export interface VideoPlayerProps {
  source: VideoSource;
  embedUrl: string;
  customEmbedCode: string;
  thumbnailUrl: string;
  /** The thumbnail is in the first screen: fetched at once and first (it may be the largest paint). */
  eagerThumbnail?: boolean;
  autoplay: boolean;
  /** CSS width on wide screens (e.g. '100%', '640px'); always 100% on mobile. */
  width: string;
  messages: VideoMessages;
}

type PlayerState = 'poster' | 'loading' | 'playing' | 'failed';

/** The video player. */
export default function VideoPlayer(props: VideoPlayerProps) {
  const { source, embedUrl, customEmbedCode, thumbnailUrl, eagerThumbnail = false, autoplay, width, messages } = props;
  const root = useRef<HTMLDivElement>(null);
  const code = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PlayerState>('poster');
  const stateRef = useRef(state);
  stateRef.current = state;
  const [muted, setMuted] = useState(false);
  const [mounted, setMounted] = useState(false);
  const attempt = useRef(0);
  const file = videoFileUrl(source, embedUrl, customEmbedCode);
  const embedded = !file && usesEmbedCode(source);
  const src = embedded || file ? null : playerUrl(source, embedUrl, muted);

  const play = useCallback((startMuted: boolean) => {
    attempt.current += 1;
    setMuted(startMuted);
    setState('loading');
  }, []);

  // Check that the player's host answers while the player loads; a dead host means failure.
  useEffect(() => {
    if (state !== 'loading') return;
    const current = attempt.current;
    const target = file ?? (embedded ? embedCodeSource(customEmbedCode) : src);
    if (!embedded && !target) {
      setState('failed');
      return;
    }
    if (embedded && code.current) {
      mountEmbedCode(code.current, customEmbedCode, () => setState('failed'));
      if (!target) setState('playing');
    }
    if (!target) return;
    isReachable(target).then((ok) => {
      if (attempt.current !== current) return;
      setState((now) => (now === 'poster' ? now : ok ? (embedded ? 'playing' : now) : 'failed'));
    });
  }, [state, embedded, customEmbedCode, src, file]);

  useEffect(() => {
    const mountedTimer = window.setTimeout(() => setMounted(true), MOUNTED_AFTER_MS);
    const start = () => {
      if (stateRef.current === 'poster') play(true);
    };
    let autoplayTimer = autoplay ? window.setTimeout(start, AUTOPLAY_AFTER_MS) : undefined;
    // A phone flagged mobile after the video mounted starts 2 s after that detection.
    const root = document.documentElement;
    const wasMobile = root.hasAttribute('data-mobile');
    const mobile = new MutationObserver(() => {
      if (wasMobile || !root.hasAttribute('data-mobile') || autoplayTimer === undefined) return;
      mobile.disconnect();
      window.clearTimeout(autoplayTimer);
      autoplayTimer = window.setTimeout(start, AUTOPLAY_AFTER_MOBILE_MS);
    });
    if (autoplay) mobile.observe(root, { attributes: true, attributeFilter: ['data-mobile'] });
    return () => {
      window.clearTimeout(mountedTimer);
      mobile.disconnect();
      if (autoplayTimer !== undefined) window.clearTimeout(autoplayTimer);
    };
  }, [autoplay, play]);

  useEffect(() => {
    const onPopupClose = (event: Event) => {
      if (event.target instanceof Node && root.current && event.target.contains(root.current)) {
        attempt.current += 1;
        setState('poster');
      }
    };
    document.addEventListener('popup:close', onPopupClose);
    return () => document.removeEventListener('popup:close', onPopupClose);
  }, []);

  const showPlayer = state === 'loading' || state === 'playing';
  return (
    <div
      ref={root}
      className="ef-video"
      data-video={source}
      data-video-state={state}
      data-mounted={mounted ? 'true' : undefined}
      style={{ '--ef-video-width': width } as CSSProperties}
    >
      <div className="ef-video__frame">
        {state === 'poster' && (
          <VideoPoster thumbnailUrl={thumbnailUrl} eager={eagerThumbnail} link={embedded ? null : embedUrl} label={messages.play} onPlay={() => play(false)} />
        )}
        {showPlayer && !embedded && src && (
          <iframe
            className="ef-video__player"
            src={src}
            title={messages.title}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            onLoad={() => setState((now) => (now === 'loading' ? 'playing' : now))}
            onError={() => setState('failed')}
          />
        )}
        {showPlayer && file && (
          <video
            className="ef-video__player"
            src={file}
            poster={thumbnailUrl || undefined}
            title={messages.title}
            controls
            playsInline
            autoPlay
            muted={muted}
            onLoadedData={() => setState((now) => (now === 'loading' ? 'playing' : now))}
            onError={() => setState('failed')}
          />
        )}
        {showPlayer && embedded && <div ref={code} className="ef-video__code" />}
        {state === 'loading' && <span className="ef-video__spinner" aria-hidden="true" />}
        {state === 'failed' && (
          <p className="ef-video__error" role="alert">
            {messages.loadError}
          </p>
        )}
      </div>
    </div>
  );
}
