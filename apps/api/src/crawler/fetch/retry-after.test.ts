import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.ts';

const now = new Date('2026-01-01T00:00:00Z');

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, capped', () => {
    expect(parseRetryAfter('120', now, 3600)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', now, 3600)).toBe(120);
    expect(parseRetryAfter('86400', now, 3600)).toBe(3600);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now, 3600)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, now, 3600)).toBeNull();
    expect(parseRetryAfter('soon', now, 3600)).toBeNull();
    expect(parseRetryAfter('-5', now, 3600)).toBeNull();
  });
});
