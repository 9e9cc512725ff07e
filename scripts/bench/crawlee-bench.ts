import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrawlSite, SiteRequests } from './crawl-site.ts';
import type { CrawleeResult } from './crawlee-process.ts';
import type { Line } from './report.ts';

export interface CrawleeCrawl extends CrawleeResult, SiteRequests {
  /** CPU of the crawl, per page. */
  cpuMsPerPage: number;
}

/** Crawlee's CheerioCrawler over the site, in a process of its own (crawlee-process.ts). */
export async function measureCrawlee(site: CrawlSite): Promise<CrawleeCrawl> {
  site.reset();
  // Its working directory is a temp one, so nothing Crawlee might write lands in the repository.
  const cwd = mkdtempSync(join(tmpdir(), 'siteseer-bench-crawlee-'));
  try {
    const child = fork(new URL('./crawlee-process.ts', import.meta.url), [site.url], {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const result = await new Promise<CrawleeResult>((resolve, reject) => {
      child.once('message', (message) => resolve(message as CrawleeResult));
      child.once('exit', (code) => reject(new Error(`The Crawlee process exited with ${code}`)));
    });
    return { ...result, ...site.seen(), cpuMsPerPage: result.cpuMs / result.pages };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Crawlee's own lines: its speed, memory and what the site saw of it. */
export function crawleeLines(crawlee: CrawleeCrawl, sitePages: number): Line[] {
  return [
    {
      db: '-',
      metric: `Crawlee CheerioCrawler (${crawlee.pages}/${sitePages} pages, ${crawlee.failed} failed, ≤ ${crawlee.peakConcurrency} at once)`,
      value: crawlee.pages / (crawlee.ms / 1000),
      unit: 'pages/s',
    },
    { db: '-', metric: 'Crawlee peak RSS', value: crawlee.peakMb, unit: 'MB' },
    {
      db: '-',
      metric: `Crawlee: paths fetched more than once (of ${crawlee.requests} requests, ${crawlee.connections} connections)`,
      value: crawlee.duplicatePaths,
      unit: 'paths',
    },
  ];
}
