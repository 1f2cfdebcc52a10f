/**
 * Edge-hit throughput of pages beside a static asset of the same worker, in one run:
 * short autocannon rounds at 20 connections on loopback, alternating the static asset and
 * each page, so both see the same machine load (2 shared cores). A page's ratio is the
 * median over its rounds of the round's requests/s over the mean of the two static rounds
 * around it: the load of the other work on the machine drifts, and only neighbouring
 * rounds saw the same.
 */
import autocannon from 'autocannon';

const CONNECTIONS = 20;

function round(url, host, seconds, headers) {
  return new Promise((done, fail) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { ...headers, ...(host ? { host } : {}) } }, (error, result) => {
      if (error) return fail(error);
      const ok = result['2xx'];
      if (result.non2xx > 0 || result.errors > 0) return fail(new Error(`${host ?? ''} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      done(ok / (result.duration || seconds));
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Requests/s of `pages` ({label, url, host, headers?}) and of the static asset, with the ratio per page; `headers` go with every request, a page's own beside them. */
export async function throughput(staticUrl, pages, { rounds = 5, seconds = 2, headers = {} } = {}) {
  const rows = [];
  for (const page of pages) {
    const statics = [];
    const hits = [];
    for (let i = 0; i < rounds; i++) {
      statics.push(await round(staticUrl, undefined, seconds, headers));
      hits.push(await round(page.url, page.host, seconds, { ...headers, ...page.headers }));
    }
    statics.push(await round(staticUrl, undefined, seconds, headers));
    const ratios = hits.map((hit, i) => hit / ((statics[i] + statics[i + 1]) / 2));
    rows.push({ ...page, rps: median(hits), reference: median(statics), ratio: median(ratios) });
  }
  return rows;
}
