import { describe, expect, it } from 'vitest';
// By path: the widget has core for types only (tsconfig paths), not as a run-time dependency.
import * as constants from '../../../../core/src/constants.ts';
import * as limits from './limits.ts';

describe('parametric limits', () => {
  it('are the values of @siteseer/core', () => {
    expect(limits).toMatchObject({ DOWNLOAD_ROWS_MAX: constants.DOWNLOAD_ROWS_MAX });
  });
});
