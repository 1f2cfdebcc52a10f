/**
 * The funnel state's `speedTest` flag (requirements PAGE-DATA-2): the page is being measured
 * by a page-speed tool (Lighthouse and PageSpeed Insights, GTmetrix, WebPageTest) rather
 * than visited. Such a load is not a visit: the page runs as with `notrack` (no fingerprint
 * cookie, page-view event, session, pixel or speed report), so a seller's stats and ad
 * audiences hold people only. Read from the browser's User-Agent, as the page copy is shared.
 */
export const SPEED_TEST_AGENTS = /lighthouse|pagespeed|speed insights|gtmetrix|webpagetest|ptst\//i;

export function isSpeedTest(userAgent: string | null | undefined): boolean {
  return SPEED_TEST_AGENTS.test(userAgent ?? '');
}
