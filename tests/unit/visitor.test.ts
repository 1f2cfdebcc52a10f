/** What a counted view keeps of its visitor (issue 28): the address's network, and the browser's family. */
import { describe, expect, it } from 'vitest';
import { browserFamily, networkOf } from '../../src/lib/tracking/visitor';

describe('networkOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['010.001.002.003', '10.1.2.0/24'],
    ['2001:db8:1:2::5', '2001:db8:1::/48'],
    ['2001:0DB8:0001:ffff:1:2:3:4', '2001:db8:1::/48'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['256.1.1.1', ''],
    ['2001:db8::1::2', ''],
    ['not an address', ''],
    [null, ''],
  ])('%s → %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});

describe('browserFamily', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'chrome'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'edge'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'safari'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'firefox'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'samsung'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'opera'],
    ['SomethingElse/1.0', 'other'],
  ])('%s → %s', (ua, family) => {
    expect(browserFamily(ua)).toBe(family);
  });
});
