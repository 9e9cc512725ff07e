import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { toHtmlString } from '../../html/html.ts';
import { sparkline, sparklineRuns } from './sparkline.ts';

describe('sparkline', () => {
  it('given days with values, then one line from left to right, the peak at the top and zero at the bottom', () => {
    expect(sparklineRuns([0, 4, 2])).toEqual(['0,30 60,2 120,16']);
  });

  it('given days with nothing to show, then the line breaks there, and a lone day is a dot', () => {
    const $ = load(toHtmlString(sparkline([1, 1, null, 1, null], 'Click-through per day')));
    expect($('polyline').attr('points')).toBe('0,2 30,2');
    expect([$('line').attr('x1'), $('line').attr('y1'), $('line').attr('x2')]).toEqual(['90', '2', '90']);
    expect([$('svg').attr('role'), $('svg').attr('aria-label')]).toEqual(['img', 'Click-through per day']);
  });

  it('given no searches at all, then a flat line at the bottom', () => {
    expect(sparklineRuns([0, 0])).toEqual(['0,30 120,30']);
  });
});
