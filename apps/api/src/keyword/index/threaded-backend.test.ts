import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeywordPage } from '../backend.ts';
import { keywordBackendContract } from '../backend-contract.test-kit.ts';
import { typedQuery } from './backend-query.test-kit.ts';
import { IndexBuilder } from './build.ts';
import { createMemoryBackend } from './memory-backend.ts';
import { sharedIndexData } from './shared-data.ts';
import { createThreadedBackend } from './threaded-backend.ts';

const open: { close(): Promise<void> }[] = [];
function threaded(threads: number, workerUrl?: URL) {
  const backend = createThreadedBackend(threads, workerUrl ? { workerUrl } : {});
  open.push(backend);
  return backend;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((backend) => backend.close()));
});

keywordBackendContract('the backend on two search threads', () => threaded(2));

const WORDS = [
  'widget',
  'crawler',
  'synonym',
  'relevance',
  'install',
  'theming',
  'robots',
  'snippet',
  'tabs',
];

/** Pages of several words each, some repeated, so that searches rank, correct and feed back. */
function pages(count: number): KeywordPage[] {
  return Array.from({ length: count }, (_, n) => {
    const url = `https://x.test/${n % 3 === 0 ? 'docs' : 'blog'}/${n}`;
    const words = WORDS.filter((_, w) => (n + w) % (w + 2) === 0);
    return {
      key: url,
      url,
      title: `${WORDS[n % WORDS.length]} page ${n}`,
      headings: [`About ${WORDS[(n * 7) % WORDS.length]}`],
      description: '',
      body: `${words.join(' ')} text of page ${n} with ${WORDS[(n * 5) % WORDS.length]} and more words here`,
      tags: n % 2 ? ['odd'] : [],
      language: 'en',
    };
  });
}

async function* batches(list: readonly KeywordPage[]) {
  for (let n = 0; n < list.length; n += 50) yield list.slice(n, n + 50);
}

const key = { accountId: 'a', engineId: 'e', generation: '1' };

describe('the keyword backend on search threads', () => {
  it('given the same pages, then every search, explain, look-up and suggestion answers as on the event loop', async () => {
    const list = pages(400);
    const here = createMemoryBackend();
    const there = threaded(2);
    await here.index(key, batches(list));
    await there.index(key, batches(list));
    const queries = [
      'widget',
      'crawler robots',
      'widgit',
      'synonym relevance install theming robots snippet',
      'how do i install the widget with robots and tabs',
      'inst',
      '"text of page"',
    ];
    const { explain: explainThere } = there;
    const { explain: explainHere } = here;
    if (!explainThere || !explainHere) throw new Error('Both backends explain their scores.');
    for (const q of queries) {
      expect(await there.search(key, typedQuery(q))).toEqual(await here.search(key, typedQuery(q)));
      expect(await explainThere(key, typedQuery(q))).toEqual(await explainHere(key, typedQuery(q)));
    }
    const urls = ['https://x.test/docs/3', 'https://x.test/blog/4', 'https://x.test/none'];
    expect(await there.lookup(key, urls)).toEqual(await here.lookup(key, urls));
    expect(await there.suggest(key, ['widget', 'pa'], 5)).toEqual(
      await here.suggest(key, ['widget', 'pa'], 5),
    );
  });

  it('given an index, then its typed arrays are in one shared buffer and its strings are kept as they were', () => {
    const builder = new IndexBuilder();
    for (const page of pages(60)) builder.add(page);
    const data = builder.finish();
    const { data: shared, sharedBytes } = sharedIndexData(data);
    expect(shared.postings.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.surfaceCode.chars.buffer).toBe(shared.postings.buffer);
    for (const skips of shared.skips.values()) expect(skips.buffer).toBe(shared.postings.buffer);
    expect(sharedBytes).toBe(shared.postings.buffer.byteLength);
    expect(shared).toEqual(data);
  });

  it('given a search thread that stops, then a new one gets every index and the search waiting on it is answered', async () => {
    // A worker that stops on the first search it is asked, then answers as the real one.
    const dir = join(tmpdir(), `siteseer-search-worker-${process.pid}-${Date.now()}`);
    const script = `${dir}.mjs`;
    const real = new URL('./search-worker.ts', import.meta.url).href;
    writeFileSync(
      script,
      `import { parentPort, threadId } from 'node:worker_threads';
       import { existsSync, writeFileSync } from 'node:fs';
       const flag = ${JSON.stringify(`${dir}.stopped`)};
       parentPort.once('message', function first(message) {
         if (message.op === 'search' && !existsSync(flag)) { writeFileSync(flag, ''); process.exit(3); }
       });
       await import(${JSON.stringify(real)});`,
    );
    const list = pages(100);
    const backend = threaded(1, new URL(`file://${script}`));
    await backend.index(key, batches(list));
    const answer = await backend.search(key, typedQuery('widget'));
    const expected = createMemoryBackend();
    await expected.index(key, batches(list));
    expect(answer).toEqual(await expected.search(key, typedQuery('widget')));
  });

  it('given an index of another generation, then searching a generation not indexed fails with its name', async () => {
    const backend = threaded(1);
    await backend.index(key, batches(pages(10)));
    await expect(backend.search({ ...key, generation: '2' }, typedQuery('widget'))).rejects.toThrow(
      'The generation a/e/2 is not indexed.',
    );
    await backend.drop(key);
    expect(backend.has(key)).toBe(false);
  });
});
