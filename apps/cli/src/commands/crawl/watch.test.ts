import type { CrawlReportResponse } from '@siteseer/core';
import { render } from 'ink-testing-library';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { memoryOutput } from '../../output/memory-output.test-kit.ts';
import { parseInterval } from './watch.ts';
import { changeKey, crawlProgress, progressLine, progressRecord, watchFrame } from './watch-progress.ts';
import { CrawlWatchScreen } from './watch-screen.ts';
import { watchViewFor } from './watch-view.ts';

const T0 = Date.UTC(2026, 10, 1, 9);

/** A report answer with these counts (code → URLs) and the URLs checked last. */
function answer(
  counts: Record<string, number>,
  state: CrawlReportResponse['state'] = 'crawling',
  hits: CrawlReportResponse['hits']['hits'] = [],
): CrawlReportResponse {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return {
    hits: { total: { value: total }, hits },
    took: 1,
    finalized: state !== 'crawling',
    counts,
    state,
    limits: [],
  };
}

const hit = (url: string, status: number, checked: boolean) => ({
  id: url,
  url,
  status,
  last_check: checked ? new Date(T0).toISOString() : null,
  next_check: null,
});

describe('crawl watch progress', () => {
  it('given the example crawl, then fetched leaves out Created and Pending Fetch, and the line lists the rest in code order', () => {
    const counts = { '0': 18, '3': 380, '4': 12, '5': 20, '9': 600 };
    const first = crawlProgress(answer(counts), T0, undefined);
    expect([first.known, first.fetched, first.pagesPerSecond]).toEqual([1030, 412, null]);
    expect(progressLine(first)).toBe('crawling  412/1030 fetched  Success 380 · 404 12 · Redirected 20');

    const later = crawlProgress(answer(counts), T0 + 10_000, { at: T0, fetched: 30 });
    expect(progressLine(later)).toBe(
      'crawling  412/1030 fetched  Success 380 · 404 12 · Redirected 20  38.2 pages/s',
    );
  });

  it('given a stopped crawl, then its Interrupted URLs are not fetched but listed', () => {
    const stopped = crawlProgress(answer({ '3': 1, '8': 2 }, 'stopped'), T0, undefined);
    expect(progressLine(stopped)).toBe('stopped   1/3 fetched  Success 1 · Interrupted 2');
  });

  it('given a crawl restarted (fetched URLs queued again), then the rate is 0, not negative', () => {
    const progress = crawlProgress(answer({ '9': 12 }), T0 + 1000, { at: T0, fetched: 12 });
    expect(progressLine(progress)).toBe('crawling  0/12 fetched  0.0 pages/s');
  });

  it('given a poll that changed only the rate, then its key is the same; a count or the state changes it', () => {
    const before = crawlProgress(answer({ '0': 2, '3': 1 }), T0, undefined);
    const sameCounts = crawlProgress(answer({ '0': 2, '3': 1 }), T0 + 1000, before);
    const moreFetched = crawlProgress(answer({ '0': 1, '3': 2 }), T0 + 2000, sameCounts);
    const finished = crawlProgress(answer({ '0': 1, '3': 2 }, 'finished'), T0 + 3000, moreFetched);
    expect(changeKey(sameCounts)).toBe(changeKey(before));
    expect(new Set([before, moreFetched, finished].map(changeKey)).size).toBe(3);
  });

  it('given an answer of an older server (no state), then finalized tells finished from crawling', () => {
    const old = { ...answer({ '3': 1 }), state: undefined, finalized: true };
    expect(crawlProgress(old, T0, undefined).state).toBe('finished');
  });

  it('with --json, then a record has every status label and the rate', () => {
    const progress = crawlProgress(answer({ '3': 4, '4': 1 }, 'finished'), T0 + 2000, { at: T0, fetched: 1 });
    expect(progressRecord(progress)).toEqual({
      state: 'finished',
      known: 5,
      fetched: 5,
      pagesPerSecond: 2,
      counts: expect.objectContaining({ Success: 4, '404': 1, Created: 0, 'Pending Fetch': 0 }),
    });
    expect(Object.keys(progressRecord(progress).counts)).toHaveLength(10);
  });

  it('given the URLs checked last, then the live view lists them with aligned labels under the bar and counts', () => {
    const report = answer({ '0': 2, '3': 1, '4': 1 }, 'crawling', [
      hit('https://docs.test/missing', 4, true),
      hit('https://docs.test/', 3, true),
      hit('https://docs.test/new', 0, false),
    ]);
    const frame = watchFrame('Docs search', crawlProgress(report, T0 + 1000, { at: T0, fetched: 0 }));
    expect(frame).toEqual({
      title: 'Docs search · crawling · 2.0 pages/s',
      bar: `[${'='.repeat(14)}>${' '.repeat(15)}]  50%  2 / 4 URLs fetched`,
      counts: 'Created 2 · Success 1 · 404 1',
      recent: [
        { status: '404    ', url: 'https://docs.test/missing' },
        { status: 'Success', url: 'https://docs.test/' },
      ],
    });
    const view = render(React.createElement(CrawlWatchScreen, { frame }));
    const lines = (view.lastFrame() ?? '').split('\n').map((line) => line.trimEnd());
    expect(lines).toEqual([
      frame.title,
      frame.bar,
      frame.counts,
      'Checked last:',
      '  404      https://docs.test/missing',
      '  Success  https://docs.test/',
    ]);
    view.unmount();
  });

  it('reads --interval as seconds (fractions allowed) and refuses zero, negatives and words', () => {
    expect([undefined, '2', '0.25', ' 1.5 '].map(parseInterval)).toEqual([1000, 2000, 250, 1500]);
    for (const bad of ['0', '0.05', '-1', 'soon', '1e3', '']) {
      expect(() => parseInterval(bad)).toThrow(/--interval must be a number of seconds, 0.1 or more/);
    }
  });
});

describe('crawl watch view in CI', () => {
  it('given a terminal and CI set, then each change is a plain line on stdout, not a live view', async () => {
    const recorded = memoryOutput({ json: false, interactive: false, isTTY: true, color: false });
    const view = await watchViewFor(recorded.output, 'Docs search', { ci: true });
    view.show(crawlProgress(answer({ '3': 1, '9': 2 }), T0, undefined));
    view.show(crawlProgress(answer({ '3': 3 }, 'finished'), T0 + 1000, { at: T0, fetched: 1 }));
    view.close();
    expect(recorded.stdout).toBe(
      'crawling  1/3 fetched  Success 1\nfinished  3/3 fetched  Success 3  2.0 pages/s\n',
    );
  });
});
