import { describe, expect, it } from 'vitest';
// By path, as the widget's own code never imports these modules of core (they bring zod).
import * as constants from '../../../../core/src/constants.ts';
import * as core from '../../../../core/src/domain/keyword-search.ts';
import * as limits from './limits.ts';

describe('keyword limits', () => {
  it('are the values of @siteseer/core', () => {
    expect(limits).toMatchObject({
      ALL_TAB: core.ALL_TAB,
      KEYWORD_QUERY_MAX: core.KEYWORD_QUERY_MAX,
      KEYWORD_PAGE_MAX: core.KEYWORD_PAGE_MAX,
      DEFAULT_RESULTS_PER_PAGE: constants.DEFAULT_RESULTS_PER_PAGE,
      DESCRIPTION_SIZE_MIN: core.DESCRIPTION_SIZE_MIN,
      DESCRIPTION_SIZE_MAX: core.DESCRIPTION_SIZE_MAX,
    });
  });
});
