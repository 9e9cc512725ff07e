import { describe, expect, it } from 'vitest';
import type { CrawlEnded } from '../crawler/loop/crawl-ended.ts';
import { crawlAlerts, zeroResultAlert } from './alert-events.ts';

const at = new Date('2026-12-07T12:00:00Z');
const ended = (over: Partial<CrawlEnded>): CrawlEnded => ({
  accountId: 'a1',
  engineId: 'e1',
  runId: 4,
  outcome: 'published',
  pages: 100,
  previousPages: 100,
  fetched: 100,
  httpErrors: 0,
  ...over,
});
const events = (over: Partial<CrawlEnded>, threshold = 10) =>
  crawlAlerts(ended(over), threshold, at).map((a) => a.event);

describe('alerts of a crawl run', () => {
  it('Given a published run at or under the 4xx/5xx threshold, then nothing; past it, a crawl.errors alert', () => {
    expect(events({ httpErrors: 10 })).toEqual([]);
    expect(events({ httpErrors: 11 })).toEqual(['crawl.errors']);
    expect(events({ httpErrors: 11 }, 20)).toEqual([]);
  });

  it('Given a held run with many errors, then both alerts; given a failed run, then only crawl.failed', () => {
    expect(events({ outcome: 'held', pages: 60, httpErrors: 40 })).toEqual(['crawl.held', 'crawl.errors']);
    expect(events({ outcome: 'failed', pages: 0, httpErrors: 100 })).toEqual(['crawl.failed']);
  });

  it('Given 37 of 1,200 URLs failing past a 1 % threshold, then the share reads with one decimal', () => {
    const [alert] = crawlAlerts(ended({ fetched: 1200, httpErrors: 37 }), 1, at);
    expect(alert?.details).toMatchObject({ sharePercent: 3.1, thresholdPercent: 1 });
    expect(alert?.details.message).toBe(
      '37 of the 1,200 URLs crawl 4 fetched (3.1 %) answered 4xx or 5xx, more than the 1 % this engine alerts at.',
    );
  });
});

describe('the zero-result alert', () => {
  const settings = { zeroResultPercent: 30, zeroResultMinSearches: 100 };
  it('Given fewer searches than the minimum, then no alert however high the rate', () => {
    expect(zeroResultAlert({ searches: 99, zeroResults: 99 }, settings, at)).toBeUndefined();
  });
  it('Given the rate at the threshold, then none; past it, one saying the numbers', () => {
    expect(zeroResultAlert({ searches: 100, zeroResults: 30 }, settings, at)).toBeUndefined();
    expect(zeroResultAlert({ searches: 100, zeroResults: 31 }, settings, at)?.details.message).toBe(
      '31 of the 100 searches of the last 7 days (31 %) found nothing, more than the 30 % this engine alerts at.',
    );
  });
});
