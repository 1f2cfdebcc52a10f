import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from '../../src/lib/webhook-url';

describe('webhook URLs outside development', () => {
  const production = { allowLocalhost: false };

  it('refuses http to localhost unless development allows it', () => {
    for (const url of ['http://localhost:8788/hooks', 'http://127.0.0.1/hooks', 'http://[::1]/hooks']) {
      expect(webhookUrlProblem(url, production), url).toBe('url: localhost is allowed in development only');
      expect(webhookUrlProblem(url, { allowLocalhost: true }), url).toBeNull();
    }
  });

  it('never allows http to other hosts, nor a private address, in either mode', () => {
    for (const allowLocalhost of [false, true]) {
      expect(webhookUrlProblem('http://10.0.0.1/in', { allowLocalhost })).toBe('url: must be an https URL');
      expect(webhookUrlProblem('https://192.168.0.1/in', { allowLocalhost })).toBe('url: a private (192.168.0.0/16) address is not allowed');
    }
    expect(webhookUrlProblem('https://hooks.example.com/in', production)).toBeNull();
    expect(webhookUrlProblem('https://8.8.8.8/in', production)).toBeNull();
    expect(webhookUrlProblem('https://[2001:db8::1]/in', production)).toBeNull();
  });
});
