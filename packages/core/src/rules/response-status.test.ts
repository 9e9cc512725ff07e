import { describe, expect, it } from 'vitest';
import { isGoodResponseStatus } from './response-status.ts';

describe('good responses', () => {
  it.each([
    [200, true],
    ['OK', true],
    [201, false],
    [204, false],
    ['200', false],
    ['ok', false],
    [404, false],
    [500, false],
    [null, false],
    [undefined, false],
  ])('Given the status %j, when judged, then good is %s', (status, expected) => {
    expect(isGoodResponseStatus(status)).toBe(expected);
  });
});
