import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractPage } from './src/crawler/extract/index.ts';
import { createMemoryBackend } from './src/keyword/index/index.ts';
import { parseKeywordQuery } from './src/keyword/query/index.ts';
import { DOC_ROOT, docPages, titleQueries } from '../../scripts/bench/keyword-docs.ts';
import { HAND_WRITTEN_QUERIES } from '../../scripts/bench/keyword-queries.ts';
const pages = docPages(DOC_ROOT);
const backend = createMemoryBackend();
const key = { accountId: 'a', engineId: 'e', generation: '1' };
let t = performance.now();
const kp = pages.map((p) => { const e = extractPage(readFileSync(join(DOC_ROOT, p.path), "utf8"), { url: `http://127.0.0.1/${p.path}` } as never); const url = `http://127.0.0.1/${p.path}`; return { key: url, url, title: e.title, headings: e.headings, description: e.description, body: e.text, tags: e.customTags, language: e.language ?? '' }; });
console.log('extracted', kp.length, (performance.now() - t).toFixed(0), 'ms; body chars', kp.reduce((s, p) => s + p.body.length, 0));
t = performance.now();
await backend.index(key, (async function* () { yield kp; })());
console.log('indexed', (performance.now() - t).toFixed(0), 'ms', (backend.memoryBytes(key) / 1e6).toFixed(1), 'MB');
const titles = titleQueries(pages);
const groups: Record<string, { q: string; target: string }[]> = { titles, hand: HAND_WRITTEN_QUERIES.map((h) => ({ q: h.q, target: h.target })) };
const verbose = process.argv.includes('-v');
for (const [name, qs] of Object.entries(groups)) {
  let mrr = 0; const lost: string[] = []; const ms: number[] = [];
  for (const { q, target } of qs) {
    const { slots } = parseKeywordQuery(q, { mappings: [], synonyms: [] });
    const s = performance.now();
    const r = await backend.search(key, { slots, tabs: [], tab: null, boosts: [], exclude: [], offset: 0, limit: 10 });
    ms.push(performance.now() - s);
    const rank = r.hits.findIndex((h) => h.url.endsWith(`/${target}`));
    if (rank >= 0) mrr += 1 / (rank + 1);
    if (rank !== 0) lost.push(`${q} -> ${target} @${rank + 1}: ${r.hits.slice(0, 3).map((h) => `${h.url.replace('http://127.0.0.1/', '')} [${h.score.toFixed(1)}]`).join(' | ')}`);
  }
  ms.sort((a, b) => a - b);
  console.log(`${name}: MRR@10 ${(mrr / qs.length).toFixed(3)} (${qs.length}), p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(2)} ms, max ${ms.at(-1)!.toFixed(1)} ms`);
  if (verbose) for (const l of lost.slice(0, 40)) console.log('  ', l);
}
for (const q of process.argv.slice(3)) {
  const { slots } = parseKeywordQuery(q, { mappings: [], synonyms: [] });
  const r = await backend.search(key, { slots, tabs: [], tab: null, boosts: [], exclude: [], offset: 0, limit: 100 });
  console.log(q, r.total, r.hits.map((h, i) => `${i + 1}. ${h.url.replace('http://127.0.0.1/', '')} ${h.title.slice(0, 40)} [${h.score.toFixed(2)}]`).filter((l, i) => i < 5 || /tutorial\/modules|whatsnew\/index/.test(l)).join('\n  '));
}
