import { describe, expect, it } from 'vitest';
import { isBot } from '../../src/lib/bots';
import { isSpeedTest } from '../../src/lib/tracking/speed-test';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe('the speedTest flag (requirements PAGE-DATA-2)', () => {
  it('names page-speed tools, which are robots too, and not a person’s browser', () => {
    for (const agent of [`${CHROME} Chrome-Lighthouse`, `${CHROME} (compatible; Google Page Speed Insights)`, `${CHROME} GTmetrix`, `${CHROME} PTST/240101`]) {
      expect(isSpeedTest(agent)).toBe(true);
      expect(isBot(agent)).toBe(true);
    }
    expect(isSpeedTest(CHROME)).toBe(false);
    expect(isBot(CHROME)).toBe(false);
    expect(isSpeedTest(undefined)).toBe(false);
  });
});
