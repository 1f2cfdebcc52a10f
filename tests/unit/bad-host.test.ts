import { describe, expect, it } from 'vitest';
import { BAD_HOST, badHostAnswer, isValidHost } from '../../src/serving/bad-host';

describe('a malformed Host', () => {
  it('tells host names and bracketed IPv6 addresses, with a port, from anything else', () => {
    for (const host of ['shop.example.com', 'Shop.Example.com', 'fixture.localhost:8881', 'localhost', '127.0.0.1:80', '[::1]:8787', '[::1]']) {
      expect(isValidHost(host), host).toBe(true);
    }
    for (const host of [
      '',
      'bad host',
      'a:b:c',
      'shop.example:99999',
      'shop.example:',
      '[::1',
      'x/y',
      'shop..example',
      '.example',
      '%41.example',
      'a\u00e9.example',
      '-x.example',
    ]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });

  it('gets a 400 with a msg under /api and /admin, a short page in the visitor language elsewhere', async () => {
    const request = (path: string, host: string, lang = 'en') => new Request(`http://shop.example${path}`, { headers: { host, 'accept-language': lang } });
    expect(badHostAnswer(request('/api/contact', 'shop.example'))).toBeUndefined();
    const api = badHostAnswer(request('/api/contact', 'a:b:c'));
    expect(api?.status).toBe(400);
    expect(await api?.json()).toEqual({ msg: BAD_HOST });
    const page = badHostAnswer(request('/', 'shop..example', 'de'));
    expect(page?.status).toBe(400);
    expect(page?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page?.text()).toContain('Der Host-Header ist kein gültiger Hostname.');
  });
});
