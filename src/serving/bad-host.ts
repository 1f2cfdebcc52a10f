/**
 * A request whose Host is not `host[:port]` (a host name as the API's `hostName` schema
 * takes it, or an IPv6 address in brackets, and a port up to 65535) names no site: it gets a
 * 400 before the edge copy, the router or a page reads its URL.
 *
 * A Host from which no URL can be built at all (a space, a second colon) never reaches
 * the worker: Cloudflare refuses it at its edge, and local workerd (`wrangler dev`, what
 * `npm start` runs) answers it from its own entry worker, before this code.
 */
import * as v from 'valibot';
import { hostName } from '../schemas/common';
import { plainAnswer } from './last-resort';

export const BAD_HOST = 'The Host header is not a valid host name.';

const HOST_PORT = /^(\[[0-9A-Fa-f:.]{2,45}\]|[^:]*)(?::(\d{1,5}))?$/;

/** Hosts found valid lately: a site's visitors send the same few, and the schema check runs on every request. */
const validHosts = new Set<string>();

/** Whether `host` is a host name or bracketed IPv6 address, with an optional port. */
export function isValidHost(host: string): boolean {
  if (validHosts.has(host)) return true;
  if (!checkHost(host)) return false;
  if (validHosts.size >= 1000) validHosts.clear();
  validHosts.add(host);
  return true;
}

function checkHost(host: string): boolean {
  const match = HOST_PORT.exec(host);
  if (!match?.[1]) return false;
  const [, name, port] = match;
  return (name.startsWith('[') || v.is(hostName, name)) && (port === undefined || Number(port) <= 65535);
}

/** The request's URL, or null when it does not parse. */
export function requestUrl(request: Request): URL | null {
  try {
    return new URL(request.url);
  } catch {
    return null;
  }
}

/** The 400 for a request with a malformed Host (or a URL that does not parse: `url` null), else undefined. */
export function badHostAnswer(request: Request, url: URL | null = requestUrl(request)): Response | undefined {
  const host = request.headers.get('host');
  const valid = (host === null || isValidHost(host)) && url !== null && isValidHost(url.host);
  return valid ? undefined : plainAnswer(request, 400, BAD_HOST, 'error.badHost');
}
