import { parseCharacterMapping } from '@siteseer/core';
import { createMemoryBackend } from './src/keyword/index/index.ts';
import { parseKeywordQuery } from './src/keyword/query/index.ts';
import { keywordPage } from './src/keyword/runtime/generation-pages.ts';
import { corpusPages, sourcePages } from '../../scripts/bench/keyword-corpus.ts';
import { DOC_ROOT, docPages } from '../../scripts/bench/keyword-docs.ts';
import { mixQuery } from '../../scripts/bench/keyword-query-mix.ts';
const N = Number(process.argv[2] ?? 50000);
const sources = sourcePages(DOC_ROOT, docPages(DOC_ROOT));
const { mappings } = parseCharacterMapping("’ => ', Ω => ohm, μ => u");
const rows = [...corpusPages(sources, N)].map((p) => keywordPage({ url_key: p.url, url: p.url, title: p.title, headings: [...p.headings], description: p.description, body: p.body, custom_tags: {}, language: 'en' } as never, mappings));
const backend = createMemoryBackend();
const key = { accountId: 'a', engineId: 'e', generation: '1' };
let t = performance.now();
await backend.index(key, (async function* () { for (let i = 0; i < rows.length; i += 2000) yield rows.slice(i, i + 2000); })());
console.log('indexed', (performance.now() - t).toFixed(0), 'ms', (backend.memoryBytes(key) / 1e6).toFixed(0), 'MB');
const byKind: Record<string, number[]> = {};
const slow: string[] = [];
for (let i = 0; i < 1500; i++) {
  const { kind, q } = mixQuery(sources, i);
  const { slots } = parseKeywordQuery(q, { mappings, synonyms: [] });
  t = performance.now();
  const r = await backend.search(key, { slots, tabs: [], tab: null, boosts: [], exclude: [], offset: 0, limit: 10 });
  const ms = performance.now() - t;
  (byKind[kind] ??= []).push(ms);
  if (ms > 15) slow.push(`${kind} ${JSON.stringify(q)} ${ms.toFixed(1)} ms total ${r.total}`);
}
for (const [kind, list] of Object.entries(byKind)) { list.sort((a, b) => a - b); console.log(kind, 'n', list.length, 'p50', list[Math.floor(list.length / 2)]!.toFixed(2), 'p95', list[Math.floor(list.length * 0.95)]!.toFixed(2), 'max', list.at(-1)!.toFixed(1)); }
console.log(slow.slice(0, 15).join('\n'));
