/**
 * The bundler's wrapper around every `import()` of browser code, in place of Vite's own
 * (astro.config.mjs swaps it in for the browser build). Vite's handles CSS, CSP nonces and
 * relative bases, none of which these pages use, and costs 0.75 KB gzip on every page; this
 * one keeps what the page runtime relies on:
 * - the chunks the loaded module imports are fetched in parallel (`modulepreload`);
 * - a chunk that fails to load dispatches the cancelable `vite:preloadError` on window
 *   (src/client/navigation.ts reloads the page once); when cancelled the import resolves to
 *   undefined (src/client/lazy.ts), else it rejects.
 */
export function __vitePreload<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T | undefined> {
  for (const dep of deps ?? []) {
    const href = `/${dep}`;
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  return load().catch((error: unknown) => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
    return undefined;
  });
}
