import { describe, expect, it } from 'vitest';
import { isGoodResponse } from './response.ts';

describe('isGoodResponse', () => {
  it.each([
    [{ status: 200 }, true],
    [{ status: 'OK' }, true],
    [{ status: 201 }, false],
    [{ status: 204 }, false],
    [{ status: 404 }, false],
    [{ status: 'ok' }, false],
    [null, false],
    [undefined, false],
  ])('Given %j, then it is good: %s', (res, good) => {
    expect(isGoodResponse(res)).toBe(good);
  });
});
