/**
 * Lighthouse (mobile, its default simulated throttling: 150 ms RTT, 1.6 Mbps, CPU x4) on
 * each page in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), one browser for
 * every run: performance score, FCP, LCP, CLS, TBT. Every run is a first visit (no cookies, no localStorage, an empty cache).
 *
 * One run is noisy on a shared machine, so each page runs BENCH_LIGHTHOUSE_RUNS times
 * (default 5: Lighthouse's docs/variability.md finds the median of five runs halves the
 * spread; with three, the run reported for `/` once had 15 ms of TBT, from a task after the
 * first paint that a busy core stretched past 50 ms, where other runs had none) and the
 * median run is reported (Lighthouse's own computeMedianRun), with the
 * host's benchmarkIndex: the x4 CPU slowdown assumes a 1500-2000 desktop, so a lower index
 * (a busy 2-core machine) makes the CPU-bound parts of the simulation slower than a phone's.
 * BENCH_CPU_SLOWDOWN calibrates it (Lighthouse docs/throttling.md); the default stays x4.
 * Every run's TBT is reported beside the median's. The simulation stretches a task that lays
 * out by half the slowdown (x2) and any other by all of it (x4), so a page is at TBT 0 while
 * no main-thread task after the first paint takes 25 ms with layout or 12.5 ms without.
 * The browser runs in `timeZone` (TZ), the zone the edge places the bench's requests in
 * (./page-scripts.mjs edgeZone), as a visitor's browser mostly is.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Lighthouse clears the HTTP cache and some origin storage between runs, but not cookies or
 * localStorage, so without these every run after the first would measure a returning
 * visitor: an evergreen timer's cookie hides and shows elements on a revisit, and the font
 * gate (src/client/font-gate.ts) would find fonts remembered that the cleared cache no longer
 * has. Each run measures a first visit.
 */
const FIRST_VISIT_STORAGE = ['cookies', 'local_storage', 'indexeddb', 'file_systems', 'shader_cache', 'service_workers', 'cache_storage'];

async function clearCookies(port) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  // Node's own WebSocket client (Node 22+).
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((open, fail) => {
    socket.addEventListener('open', open, { once: true });
    socket.addEventListener('error', fail, { once: true });
  });
  await new Promise((done) => {
    socket.addEventListener('message', done, { once: true });
    socket.send(JSON.stringify({ id: 1, method: 'Storage.clearCookies' }));
  });
  socket.close();
}

export async function lighthouseRuns(urls, timeZone) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    ...(timeZone ? { envVars: { ...process.env, TZ: timeZone } } : {}),
  });
  const config = CPU_SLOWDOWN
    ? { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } } }
    : undefined;
  const rows = [];
  try {
    for (const url of urls) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        await clearCookies(chrome.port);
        const result = await lighthouse(
          url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], clearStorageTypes: FIRST_VISIT_STORAGE },
          config,
        );
        runs.push(result.lhr);
      }
      const lhr = computeMedianRun(runs);
      const audits = lhr.audits;
      rows.push({
        url,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint'].numericValue / 1000,
        cls: audits['cumulative-layout-shift'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        tbtRuns: runs.map((run) => Math.round(run.audits['total-blocking-time'].numericValue)),
        fcp: audits['first-contentful-paint'].numericValue / 1000,
        benchmarkIndex: median(runs.map((run) => run.environment.benchmarkIndex)),
        cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
        runs: runs.length,
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
