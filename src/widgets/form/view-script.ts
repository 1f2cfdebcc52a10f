/*
 * The view of a form or survey page (its session, the seller's pixel: ./widget-tracking.ts),
 * recorded by the page rather than by its island: the island hydrates only at the visitor's
 * first use (`client:interact`, src/client/interact-directive.ts), so a page nobody touches loads no
 * React, and its view still counts. src/layouts/widget-page.astro keeps this module in its
 * `#ef-runtime` template with the view's JSON beside it, and src/client/runtime-loader.ts starts it
 * after load or at the visitor's first use, as it starts a funnel page's runtime. Under
 * `notrack` the page carries no view, and nothing is recorded.
 */
import { trackWidgetView, visitorFingerprint, type WidgetVisit } from './widget-tracking';

const data = document.getElementById('ef-widget-view')?.textContent;
if (data) trackWidgetView(JSON.parse(data) as WidgetVisit, visitorFingerprint(false));
