/*
 * The stand-in shown before a video plays: the seller's thumbnail or a drawn dark poster, with
 * a play button. With a hosted video it is a link to the video's own page, so the page still
 * offers the video without JavaScript; with JavaScript a click plays it in place.
 */
import type { MouseEvent } from 'react';
import { isHttpUrl } from '../../lib/http-url';
import { normaliseLink } from '../../lib/links';

/** Props of the poster. */
export interface VideoPosterProps {
  thumbnailUrl: string;
  /** Above the fold: loaded eagerly with high priority, like the first section's images. */
  eager?: boolean;
  /** The seller's video link (hosted sources), null for embed code. */
  link: string | null;
  label: string;
  onPlay: () => void;
}

function PlayIcon() {
  return (
    <svg className="ef-video__play" viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
      <path
        d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.2.3 34 .3 34 .3s-21.2 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.8 47.7 34 47.7 34 47.7s21.2 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z"
        fill="#212121"
        fillOpacity="0.85"
      />
      <path d="M45 24 27 14v20" fill="#fff" />
    </svg>
  );
}

/** The poster with its play control. */
export function VideoPoster({ thumbnailUrl, eager = false, link, label, onPlay }: VideoPosterProps) {
  const image = thumbnailUrl.trim() !== '' ? normaliseLink(thumbnailUrl) : '';
  const content = (
    <>
      {image !== '' && image !== '#' && (
        <img
          className="ef-video__thumbnail"
          src={image}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      )}
      <PlayIcon />
    </>
  );
  const href = link ? normaliseLink(link) : '#';
  if (isHttpUrl(href)) {
    const onClick = (event: MouseEvent) => {
      event.preventDefault();
      onPlay();
    };
    return (
      <a className="ef-video__poster" href={href} aria-label={label} onClick={onClick} rel="noopener">
        {content}
      </a>
    );
  }
  return (
    <button type="button" className="ef-video__poster" aria-label={label} onClick={onPlay}>
      {content}
    </button>
  );
}
