/// <reference types="astro/client" />

// Lets plain `tsc` type .astro imports from .ts files (the element registry); Astro's own
// tooling types the components themselves.
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}

declare namespace App {
  interface Locals {
    /** Set by a funnel page that may be served from the HTML cache; the middleware stores it. */
    htmlCacheKey?: string;
    /** The worker's bindings; src/fetch.ts sets them (src/serving/request-context.ts). */
    env: import('./platform/env').Bindings;
    /** The platform API client of this request; src/fetch.ts sets it. */
    api: import('./platform/client').ApiFetch;
    /** Keeps work going after the answer is sent; src/fetch.ts sets it. */
    waitUntil: (promise: Promise<unknown>) => void;
    /** The request's clock (epoch ms), read once as it enters; src/fetch.ts sets it. */
    now: number;
  }
}

// `inline-script:<file of src/client>`: that browser module bundled into one classic script,
// imported as its text, for a page to inline (the plugin in astro.config.mjs).
declare module 'inline-script:*' {
  const code: string;
  export default code;
}
