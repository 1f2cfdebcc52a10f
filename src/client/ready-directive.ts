/**
 * `client:ready`: a widget page's island (the booking calendar and the cancel form on their
 * own pages) hydrates as soon as the page has shown its first content, and nothing the
 * visitor does before then is lost:
 * - text typed and choices made stay in the server-rendered controls and the island adopts
 *   them when it mounts (src/widgets/form/typed-values.ts; the signature and cascade fields,
 *   whose code comes later still, adopt theirs when it arrives);
 * - a click (a submit, an answer, a time) is held, with the island `aria-busy`, and
 *   dispatched again once React has the island (./held-click.ts holdClicks), as
 *   `client:interact` does. If the code cannot load, the held click goes through as a plain
 *   click (a form posts without JavaScript).
 * The island's code is asked for after the first paint, so the page's largest paint (the
 * calendar's title) waits for none of it: with `client:load` an island's modules, requested
 * while the HTML was parsed, counted in Lighthouse's LCP. The form and survey pages go
 * further and hydrate at first use (`client:interact`, src/widgets/form/view-script.ts).
 *
 * Registered in astro.config.mjs (addClientDirective); typed below.
 */
import type { ClientDirective } from 'astro';
import { holdClicks } from './held-click';
import { afterFirstPaint } from './idle';

const readyDirective: ClientDirective = (load, _directive, el) => {
  const release = holdClicks(el);
  afterFirstPaint(window, async () => {
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      release();
    }
  });
};

export default readyDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:ready'?: boolean;
  }
}
