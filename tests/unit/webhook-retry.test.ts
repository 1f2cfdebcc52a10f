import { describe, expect, it } from 'vitest';
import { PAUSE_AFTER_MS, RETRY_WINDOW_MS, retryDelaySeconds, retryScale, shouldPause } from '../../src/lib/webhook-retry';

const T0 = Date.UTC(2026, 0, 1);

describe('webhook retries', () => {
  it('grow from 30 s to 12 h and stay there', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => retryDelaySeconds(n, T0, T0));
    expect(delays).toEqual([30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 43_200, 43_200, 43_200]);
  });

  it('land the last try on the end of the 3 days, then give up', () => {
    expect(retryDelaySeconds(12, T0, T0 + RETRY_WINDOW_MS - 5000)).toBe(5);
    expect(retryDelaySeconds(13, T0, T0 + RETRY_WINDOW_MS)).toBeNull();
  });

  it('follow the schedule over 3 days in about 14 tries', () => {
    let now = T0;
    let tries = 1;
    for (let delay = retryDelaySeconds(1, T0, now); delay !== null; delay = retryDelaySeconds(tries, T0, now)) {
      now += delay * 1000;
      tries += 1;
    }
    expect(now).toBe(T0 + RETRY_WINDOW_MS);
    expect(tries).toBe(14);
  });

  it('scale for benches only between 0 and 1', () => {
    expect(retryDelaySeconds(1, T0, T0, retryScale('0'))).toBe(0);
    expect(retryScale('0.5')).toBe(0.5);
    expect(retryScale(undefined)).toBe(1);
    expect(retryScale('7')).toBe(1);
    expect(retryScale('-1')).toBe(1);
    expect(retryScale('soon')).toBe(1);
  });

  it('pause an endpoint only after 10 failures in a row over a day', () => {
    expect(shouldPause(10, T0, T0 + PAUSE_AFTER_MS)).toBe(true);
    expect(shouldPause(9, T0, T0 + PAUSE_AFTER_MS)).toBe(false);
    expect(shouldPause(50, T0, T0 + PAUSE_AFTER_MS - 1)).toBe(false);
    expect(shouldPause(50, null, T0)).toBe(false);
  });
});
