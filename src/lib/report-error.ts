/**
 * The error-reporting hook (requirements PAGE-ERRORS: page fetch failures other than 404 and failed merge
 * templates are reported). Today it writes one console.error line with the stack, which
 * Workers Logs / `wrangler tail` collect; a reporting service can be attached here.
 */

/** Reports an error with the facts that locate it (host, path, page id…). */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  console.error(JSON.stringify({ level: 'error', message: err.message, stack: err.stack, ...context }));
}
