import { describe, expect, it } from 'vitest';
import { LruCache } from './answer-cache.ts';

describe('LruCache', () => {
  it('forgets the least recently used entry past its count', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('holds entries up to their weight in all, a replaced entry weighed once', () => {
    const cache = new LruCache<string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    cache.set('a', 'xxxxx');
    expect(cache.weight).toBe(9);
    // 'b' is now the least recently used: it goes to make room for 'c'.
    cache.set('c', 'zz');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['xxxxx', undefined, 'zz']);
    expect(cache.weight).toBe(7);
  });

  it('keeps nothing heavier than its whole budget', () => {
    const cache = new LruCache<string>(4, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('b', 'yyyyyy');
    expect([cache.size, cache.weight, cache.get('b')]).toEqual([0, 0, undefined]);
  });
});
