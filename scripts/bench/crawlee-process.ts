/**
 * The crawl benchmark's baseline: Crawlee's CheerioCrawler crawling the generated site, in a process
 * of its own (forked by `measureCrawlee`) so its peak RSS is its own. Default concurrency (Crawlee's
 * autoscaled pool: from 1 up to 200 concurrent requests, no per-minute limit, no per-host delay),
 * memory storage only, logging off. Its handler does the work ours does: title and body text, and
 * the page's same-host links queued. Answers the figures to the parent and exits.
 */
import { CheerioCrawler, Configuration, LogLevel, log } from '@crawlee/cheerio';

export interface CrawleeResult {
  /** Requests handled (pages crawled). */
  pages: number;
  failed: number;
  /** From `run()` to its end. */
  ms: number;
  /** CPU time of this process during `run()`. */
  cpuMs: number;
  /** The most requests its autoscaled pool ran at once. */
  peakConcurrency: number;
  /** Text extracted, in characters: proof the handler did the work. */
  textChars: number;
  /** Peak RSS of this process, from the kernel. */
  peakMb: number;
}

const [site] = process.argv.slice(2);
if (!site || !process.send) throw new Error('Usage: forked by measureCrawlee(siteUrl)');

log.setLevel(LogLevel.OFF);
// Nothing on disk: the request queue and statistics stay in memory.
const config = new Configuration({ persistStorage: false, purgeOnStart: true, logLevel: LogLevel.OFF });
let textChars = 0;
let peakConcurrency = 0;
const crawler = new CheerioCrawler(
  {
    async requestHandler({ $, enqueueLinks }) {
      const title = $('title').text();
      const text = $('body').text();
      textChars += title.length + text.length;
      peakConcurrency = Math.max(peakConcurrency, crawler.autoscaledPool?.currentConcurrency ?? 0);
      await enqueueLinks();
    },
  },
  config,
);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const stats = await crawler.run([site]);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const result: CrawleeResult = {
  pages: stats.requestsFinished,
  failed: stats.requestsFailed,
  ms,
  cpuMs: (cpu.user + cpu.system) / 1000,
  peakConcurrency,
  textChars,
  peakMb: process.resourceUsage().maxRSS / 1024,
};
process.send(result, () => process.exit(0));
