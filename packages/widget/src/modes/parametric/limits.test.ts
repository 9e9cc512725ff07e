import { describe, expect, it } from 'vitest';
// By path: the widget's code repeats this value rather than import it (limits.ts says why).
import * as constants from '../../../../core/src/constants.ts';
import * as limits from './limits.ts';

describe('parametric limits', () => {
  it('are the values of @siteseer/core', () => {
    expect(limits).toMatchObject({ DOWNLOAD_ROWS_MAX: constants.DOWNLOAD_ROWS_MAX });
  });
});
