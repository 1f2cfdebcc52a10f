/*
 * Visitor-facing strings of the runtime and the video island, looked up with i18next on the
 * server (namespace `page-runtime`, files locales/<lang>/page-runtime.json) and handed to the
 * browser in the funnel context or as island props, so no translation library ships to it.
 */
import type { VideoMessages } from '../widgets/video/video-player';
import type { RuntimeMessages } from '../client/context';

/** A translation function (i18next `t`). */
export type Translate = (key: string) => string;

/** Namespace of the runtime's strings. */
export const PAGE_RUNTIME_NAMESPACE = 'page-runtime';

/** The `messages` of the funnel context. */
export function runtimeMessages(t: Translate): RuntimeMessages {
  return { membershipError: t('page-runtime:membershipError'), loading: t('page-runtime:loading') };
}

/** The `messages` prop of the video island. */
export function videoMessages(t: Translate): VideoMessages {
  return {
    play: t('page-runtime:video.play'),
    loadError: t('page-runtime:video.loadError'),
    title: t('page-runtime:video.title'),
  };
}

/** Accessible name of a popup's close button (the renderer writes it as aria-label). */
export function closePopupLabel(t: Translate): string {
  return t('page-runtime:closePopup');
}
