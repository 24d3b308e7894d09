import { describe, expect, it } from 'vitest';
import { Lru } from './response-cache';

describe('the rendered-page cache bound', () => {
  it('drops the oldest pages when their bytes pass the budget, whatever their number', () => {
    const cache = new Lru<string>(1_000, { maxBytes: 100, sizeOf: (page) => page.length });
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'x'.repeat(40));
    expect(cache.size).toBe(80);
    cache.set('c', 'x'.repeat(40));
    expect([cache.peek('a'), cache.peek('b') !== undefined, cache.peek('c') !== undefined]).toEqual([undefined, true, true]);
    expect(cache.size).toBe(80);
    // A page replaced by a bigger copy is charged its new size once.
    cache.set('c', 'x'.repeat(60));
    expect(cache.peek('b')).toBe('x'.repeat(40));
    expect(cache.size).toBe(100);
    cache.delete('b');
    expect(cache.size).toBe(60);
    cache.deleteWhere(() => true);
    expect(cache.size).toBe(0);
  });

  it('keeps one page even when it alone is over the budget', () => {
    const cache = new Lru<string>(10, { maxBytes: 10, sizeOf: (page) => page.length });
    cache.set('big', 'x'.repeat(50));
    expect(cache.peek('big')).toBeDefined();
    cache.set('next', 'x'.repeat(5));
    expect([cache.peek('big'), cache.peek('next')]).toEqual([undefined, 'x'.repeat(5)]);
  });
});
