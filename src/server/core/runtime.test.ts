import { describe, expect, it } from 'vitest';
import { StartupError } from './config';
import { assertSupportedNode } from './runtime';

describe('assertSupportedNode', () => {
  it('accepts Node 24 LTS and newer', () => {
    for (const version of ['24.11.0', '24.21.0', '26.10.0']) expect(() => assertSupportedNode(version)).not.toThrow();
  });

  it('refuses older Node with a line that says what to run instead', () => {
    for (const version of ['20.20.2', '22.12.0', '24.10.0']) {
      expect(() => assertSupportedNode(version)).toThrow(StartupError);
      expect(() => assertSupportedNode(version)).toThrow(/needs Node 24\.11 or newer.*npm start/);
    }
  });

  it('runs the test suite itself on the pinned Node 24', () => {
    expect(() => assertSupportedNode()).not.toThrow();
    expect(process.versions.node).toMatch(/^24\./);
  });
});
