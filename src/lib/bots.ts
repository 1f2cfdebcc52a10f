/**
 * Known robots by their User-Agent: crawlers, link unfurlers, uptime monitors, HTTP tools and
 * page-speed tools (./tracking/speed-test.ts). One list for
 * everything that leaves robots out: a split test shows them the control and counts nothing
 * of theirs (src/serving/experiment.ts). A missing User-Agent counts as a robot: every browser
 * sends one.
 */
import { isSpeedTest } from './tracking/speed-test';

const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrape|fetcher|preview|pingdom|uptime|monitor|phantomjs|facebookexternalhit|facebookcatalog|embedly|whatsapp|telegram|skypeuripreview|discord|slack|vkshare|w3c_validator|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|libwww|node-fetch|axios\/|undici|autocannon|apachebench|\bab\/|k6\/|wrk\//i;

/** Whether a request with this User-Agent header comes from a robot rather than a person's browser. */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return BOT_PATTERN.test(userAgent) || isSpeedTest(userAgent);
}
