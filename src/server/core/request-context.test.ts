import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { forwardedClient } from './request-context';

describe('the client IP behind proxies (X-Forwarded-For)', () => {
  it('takes the entry the outermost trusted proxy appended, never one the client wrote', () => {
    // The client sent "6.6.6.6"; the one proxy appended the address it really saw.
    expect(forwardedClient('6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedClient('203.0.113.9', 1)).toBe('203.0.113.9');
    // A CDN appended the client, then nginx appended the CDN.
    expect(forwardedClient('6.6.6.6, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
    expect(forwardedClient(' 203.0.113.9 ,10.0.0.2 ', 2)).toBe('203.0.113.9');
  });

  it('falls back to the left-most entry of a chain shorter than the proxies, and to nothing without a header', () => {
    expect(forwardedClient('203.0.113.9', 2)).toBe('203.0.113.9');
    expect(forwardedClient(undefined, 1)).toBeNull();
    expect(forwardedClient(' , ', 1)).toBeNull();
    expect(forwardedClient('203.0.113.9', 0)).toBeNull();
  });

  it('reads TRUST_PROXY as a number of proxies: true is one, false none', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
