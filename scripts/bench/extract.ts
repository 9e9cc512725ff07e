/**
 * `pnpm bench:extract`: the crawler's page extraction on a ~100 KB article page (site chrome, 200
 * links, 60 paragraphs, scripts), in ms per page, against the same run's baseline: cheerio/slim
 * loading the same page and nothing else. Target: about 2 ms a page.
 */
import { importFromApi } from '@siteseer/test-support/api-modules';
import { extractPage } from '@siteseer/test-support/crawler-extract';
import { type Line, table } from './report.ts';

const TARGET_MS = 2;
const WARMUP = 50;
const RUNS = 300;

/** A page shaped like a CMS article: navigation and footer links, headings, prose, inline scripts. */
function articlePage(): string {
  const words = 'the crawler reads every page of the site and keeps its words for search'.split(' ');
  const sentence = (i: number) =>
    Array.from({ length: 18 }, (_, j) => words[(i * 7 + j) % words.length]).join(' ');
  const nav = Array.from({ length: 120 }, (_, i) => `<li><a href="/section/${i}/">Section ${i}</a></li>`);
  const body = Array.from(
    { length: 120 },
    (_, i) =>
      `${i % 6 === 0 ? `<h2 id="h${i}">Part ${i / 6 + 1}</h2>` : ''}<p>${sentence(i)}. <a href="/article/${i}">${sentence(i + 1)}</a> &amp; <strong>${sentence(i + 2)}</strong>; ${sentence(i + 3)}&nbsp;${sentence(i + 4)}.</p>`,
  );
  const footer = Array.from(
    { length: 80 },
    (_, i) => `<a href="https://other${i}.example/" rel="nofollow">Partner ${i}</a>`,
  );
  const script = `<script>window.dataLayer=[];${'function f(a,b){return a</b?a:b}'.repeat(300)}</script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An article about crawling</title>
<meta name="description" content="How a crawler reads pages."><link rel="canonical" href="/article">
<style>${'.c{color:red}'.repeat(400)}</style>${script}</head><body>
<header><nav><ul>${nav.join('')}</ul></nav></header>
<main><article><h1>An article about crawling</h1>${body.join('\n')}</article></main>
<aside>${sentence(1)}</aside><footer>${footer.join(' ')}</footer>${script}</body></html>`;
}

/** Median ms of `fn` over RUNS runs, after WARMUP runs to let the JIT settle. */
function medianMs(fn: () => unknown): number {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const { load } = await importFromApi<{ load(html: string): unknown }>('cheerio/slim');
const html = articlePage();
const url = 'https://www.example.com/article/crawling';
const page = extractPage(html, { url });
(await import('node:fs')).writeFileSync('/tmp/page.html', html);
const loadMs = medianMs(() => load(html));
const extractMs = medianMs(() => extractPage(html, { url }));

console.log(
  `page: ${Math.round(Buffer.byteLength(html) / 1024)} KB of HTML → ${Math.round(page.text.length / 1024)} KB of text, ` +
    `${page.headings.length} headings, ${page.links.length} links (median of ${RUNS} runs)`,
);
const lines: Line[] = [
  { db: '-', metric: 'cheerio/slim load', value: loadMs, unit: 'ms' },
  {
    db: '-',
    metric: 'extractPage',
    value: extractMs,
    unit: 'ms',
    target: { max: TARGET_MS, label: `≤ ${TARGET_MS} ms` },
    baseline: { name: 'load', value: loadMs },
  },
];
console.log(table(lines));
