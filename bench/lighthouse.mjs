/**
 * Lighthouse (mobile, its default simulated throttling) on each page in Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium): performance score, LCP, CLS, TBT.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export async function lighthouseRuns(urls) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const audits = result.lhr.audits;
      rows.push({
        url,
        score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint'].numericValue / 1000,
        cls: audits['cumulative-layout-shift'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        fcp: audits['first-contentful-paint'].numericValue / 1000,
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
