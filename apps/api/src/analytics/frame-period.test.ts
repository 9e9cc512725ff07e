import { describe, expect, it } from 'vitest';
import { FramePeriodError, framePeriod } from './frame-period.ts';

const today = '2031-05-07';

/** The error `framePeriod` throws for `input`. */
function refusal(input: { period?: string; from?: string; to?: string }): FramePeriodError {
  try {
    framePeriod(input, today, 'Top queries');
  } catch (error) {
    if (error instanceof FramePeriodError) return error;
    throw error;
  }
  throw new Error('The period was accepted.');
}

describe('framePeriod', () => {
  it('given a good period, then that period', () => {
    expect(framePeriod({ period: '7d' }, today, 'Top queries')).toEqual({
      name: '7d',
      from: '2031-05-01',
      to: today,
    });
  });

  it('given a reversed range, then a 400 with the title and a custom chooser holding the days asked for', () => {
    const error = refusal({ period: 'custom', from: today, to: '2031-05-01' });
    expect([error.status, error.message, error.reportTitle, error.chooser]).toEqual([
      400,
      `The start date (${today}) must not be after the end date (2031-05-01).`,
      'Top queries',
      { name: 'custom', from: today, to: '2031-05-01' },
    ]);
  });

  it('given text that is not a day, then the chooser holds the default days in its place', () => {
    expect(refusal({ from: '2031-02-30' }).chooser).toEqual({
      name: 'custom',
      from: '2031-04-08',
      to: today,
    });
    expect(refusal({ period: '2w' }).chooser).toEqual({ name: 'custom', from: '2031-04-08', to: today });
  });
});
