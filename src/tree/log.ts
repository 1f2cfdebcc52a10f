/**
 * Render-time diagnostics. Rendering never throws over bad page data: it skips or
 * defaults, and reports what it did through a `RenderLog` so sellers' mistakes show up
 * in the worker's logs without breaking a visitor's page.
 */

/** Receives one diagnostic: a short event name and the facts that explain it. */
export type RenderLog = (event: string, detail: Record<string, unknown>) => void;

/** Writes diagnostics as one JSON line each to the worker log. */
export const consoleRenderLog: RenderLog = (event, detail) => {
  console.warn(JSON.stringify({ level: 'warn', event, ...detail }));
};
