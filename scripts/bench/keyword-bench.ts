/**
 * The keyword section of `pnpm bench` (`pnpm bench:keyword`): relevance on the Python manual
 * against PostgreSQL's and MiniSearch's rankings (keyword-relevance.ts), and latency, index build
 * and memory at 50k pages (keyword-latency.ts). Both need Debian's python3.11-doc: without it (and
 * without the rights to install it) the section says how to get it and is skipped.
 */

import { sourcePages } from './keyword-corpus.ts';
import { docPages, docSet, serveDocs } from './keyword-docs.ts';
import type { LiveMemory } from './keyword-heap.ts';
import { CONCURRENCY, type LatencyResults, measureLatency, OPEN_PER_SECOND } from './keyword-latency.ts';
import type { Scores } from './keyword-metrics.ts';
import { ENGINE_NAMES, type Group, measureRelevance, type RelevanceResults } from './keyword-relevance.ts';
import type { Db } from './place.ts';
import { type Line, log } from './report.ts';

export const KEYWORD_PARTS = ['relevance', 'latency'] as const;
export type KeywordPart = (typeof KEYWORD_PARTS)[number];

export interface KeywordOptions {
  parts: readonly KeywordPart[];
  /** Pages of the latency part's engine. */
  pages: number;
  /** Seconds of each load of the latency part. */
  seconds: number;
}

export interface KeywordResults {
  skipped?: string;
  relevance: Partial<Record<Db, RelevanceResults>>;
  latency: Partial<Record<Db, LatencyResults>>;
}

const SEARCHABLE_TARGET_MS = 2000;
const P50_TARGET_MS = 5;
const P99_TARGET_MS = 30;
const BUILD_TARGET_MS = 30_000;
const MEMORY_TARGET_MB = 300;
const PER = 100_000;

const MEASURES = [
  ['mrr', 'MRR@10'],
  ['ndcg', 'nDCG@10'],
] as const;

function relevanceLines(db: Db, r: RelevanceResults): Line[] {
  const lines: Line[] = [];
  for (const group of ['titles', 'hand-written'] as Group[]) {
    const ours = r.scores.siteseer[group];
    if (!ours) continue;
    for (const [measure, label] of MEASURES) {
      const peers = (['postgres', 'minisearch'] as const).map((peer) => ({
        name: ENGINE_NAMES[peer],
        value: (r.scores[peer][group] as Scores)[measure],
      }));
      const best = Math.max(...peers.map((p) => p.value));
      for (const peer of peers)
        lines.push({
          db,
          metric: `keyword relevance, ${group} (${ours.queries} queries): ${label}`,
          value: ours[measure],
          unit: 'score',
          target: { min: best, label: '≥ both peers' },
          baseline: peer,
        });
    }
  }
  lines.push(
    {
      db,
      metric: `keyword: Python manual crawled (${r.crawl.pages} pages, ${r.crawl.state})`,
      value: r.crawl.pages / (r.crawl.ms / 1000),
      unit: 'pages/s',
    },
    {
      db,
      metric: 'keyword: published crawl searchable after it finished',
      value: r.searchableAfterMs ?? Number.NaN,
      unit: 'ms',
      target: { max: SEARCHABLE_TARGET_MS, label: `≤ ${SEARCHABLE_TARGET_MS} ms` },
    },
  );
  return lines;
}

/** What JavaScript holds after a full collection: the V8 heap and the buffers outside it. */
const live = (memory: LiveMemory) => memory.heapUsedMb + memory.externalMb;

function latencyLines(db: Db, r: LatencyResults): Line[] {
  const k = `${Math.round(r.pages / 1000)}k pages, ${CONCURRENCY} clients`;
  const scale = PER / r.pages;
  const base = (name: 'p50' | 'p95' | 'p99') => ({ name: `config ${name}`, value: r.baseline[name] });
  return [
    {
      db,
      metric: `keyword search p50 (${k}, query mix, ${Math.round(r.repeatedShare * 100)} % repeated)`,
      value: r.mix.p50,
      unit: 'ms',
      target: { max: P50_TARGET_MS, label: `≤ ${P50_TARGET_MS} ms` },
      baseline: base('p50'),
    },
    // The same load's searches sent for the first time: no cached answer could serve them.
    { db, metric: 'keyword search p50, queries not sent before', value: r.fresh.p50, unit: 'ms' },
    { db, metric: 'keyword search p95', value: r.mix.p95, unit: 'ms', baseline: base('p95') },
    {
      db,
      metric: 'keyword search p99',
      value: r.mix.p99,
      unit: 'ms',
      target: { max: P99_TARGET_MS, label: `≤ ${P99_TARGET_MS} ms` },
      baseline: base('p99'),
    },
    {
      db,
      metric: `keyword search p50, ${OPEN_PER_SECOND} searches/s arriving (open loop, ${CONCURRENCY} connections)`,
      value: r.open.p50,
      unit: 'ms',
    },
    {
      db,
      metric: `keyword search p99, ${OPEN_PER_SECOND} searches/s arriving`,
      value: r.open.p99,
      unit: 'ms',
    },
    { db, metric: 'keyword search p50, 1 client (no queueing)', value: r.single.p50, unit: 'ms' },
    { db, metric: 'keyword search p99, 1 client', value: r.single.p99, unit: 'ms' },
    { db, metric: "keyword search p50, the server's own time (took)", value: r.took.p50, unit: 'ms' },
    { db, metric: "keyword search p99, the server's own time (took)", value: r.took.p99, unit: 'ms' },
    ...(['prefix', 'typo-1', 'typo-2'] as const).map(
      (kind): Line => ({
        db,
        metric: `keyword search p99, ${kind} queries only`,
        value: r.byKind[kind].p99,
        unit: 'ms',
        target: { max: P99_TARGET_MS, label: `≤ ${P99_TARGET_MS} ms` },
        baseline: base('p99'),
      }),
    ),
    {
      db,
      metric: 'keyword search throughput',
      value: r.mix.perSecond,
      unit: 'q/s',
      baseline: { name: 'config', value: r.baseline.perSecond },
    },
    {
      db,
      metric: `keyword index build per 100k pages (first search x${scale.toFixed(1)})`,
      value: r.firstSearchMs * scale,
      unit: 'ms',
      target: { max: BUILD_TARGET_MS, label: `≤ ${BUILD_TARGET_MS / 1000} s` },
    },
    {
      db,
      metric: `keyword index memory per 100k pages (live heap + external growth at first search x${scale.toFixed(1)})`,
      value: (live(r.afterFirst) - live(r.before)) * scale,
      unit: 'MB',
      target: { max: MEMORY_TARGET_MB, label: `≤ ${MEMORY_TARGET_MB} MB` },
    },
    {
      db,
      metric: `keyword server live memory: after the loads / before the first search (${k})`,
      value: live(r.afterLoad),
      unit: 'MB',
      baseline: { name: 'before', value: live(r.before) },
    },
    {
      db,
      metric: 'keyword server RSS: after the loads / before the first search',
      value: r.afterLoad.rssMb,
      unit: 'MB',
      baseline: { name: 'before', value: r.before.rssMb },
    },
    { db, metric: 'keyword server peak RSS during the index build', value: r.peakFirstMb, unit: 'MB' },
  ];
}

/** The keyword section on each database. */
export async function benchKeyword(
  dbs: readonly Db[],
  databaseUrl: string | undefined,
  options: KeywordOptions,
): Promise<{ results: KeywordResults; lines: Line[] }> {
  const results: KeywordResults = { relevance: {}, latency: {} };
  const set = docSet();
  if (!set.ok) {
    log(`keyword: SKIPPED: ${set.why}`);
    return { results: { ...results, skipped: set.why }, lines: [] };
  }
  const pages = docPages(set.root);
  const lines: Line[] = [];
  if (options.parts.includes('relevance')) {
    const site = await serveDocs(set.root);
    try {
      for (const db of dbs) {
        const r = await measureRelevance(db, databaseUrl, site, pages);
        results.relevance[db] = r;
        lines.push(...relevanceLines(db, r));
      }
    } finally {
      await site.close();
    }
  }
  if (options.parts.includes('latency')) {
    log('keyword: extracting the manual’s text for the generated pages');
    const sources = sourcePages(set.root, pages);
    for (const db of dbs) {
      const r = await measureLatency(db, databaseUrl, sources, options.pages, options.seconds);
      results.latency[db] = r;
      lines.push(...latencyLines(db, r));
    }
  }
  return { results, lines };
}
