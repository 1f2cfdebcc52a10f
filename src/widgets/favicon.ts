/**
 * The icon of a widget page (form, survey, booking, provider, cancel): the location's own
 * when it has one (an http(s) URL or a path of the site), else the app's default
 * (public/favicon.svg). Without a link the browser asks for /favicon.ico, a 404 in the console.
 */
export const DEFAULT_FAVICON = '/favicon.svg';

const SAFE_ICON = /^(https?:\/\/[^/\s]\S*|\/(?!\/)\S*)$/i;

export function widgetFavicon(raw: unknown): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  return value && value.length <= 2000 && SAFE_ICON.test(value) ? value : DEFAULT_FAVICON;
}

/** The link's type, when the address names it (the browser sniffs the others). */
export function faviconType(href: string): string | undefined {
  const ext = /\.(svg|png|ico|gif|jpe?g|webp)(?:[?#]|$)/i.exec(href)?.[1]?.toLowerCase();
  if (!ext) return undefined;
  return { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' }[ext];
}
