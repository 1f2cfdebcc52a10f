/*
 * A widget page framed by a seller's page reports its height to the parent (docs/embed.md):
 * this file is bundled into one classic script (astro.config.mjs, `inline-script:`) that
 * src/layouts/widget-page.astro puts at the end of <body>. Inline, it costs the page no
 * request: as a module script it was requested while the HTML was parsed, with the modules
 * it imports one round trip after another, and Lighthouse counted that chain on the widget
 * page's first and largest paint (issue 31). On a page that is not framed it does nothing.
 */
import { startHeightReporting } from './protocol';

startHeightReporting(window, Number(document.body.dataset.heightOffset) || 0);
