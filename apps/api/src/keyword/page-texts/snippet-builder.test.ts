import { parseCharacterMapping } from '@siteseer/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cachedStemmer } from '../analysis/index.ts';
import { buildSnippet } from '../snippets/build-snippet.ts';
import { queryTerms } from '../snippets/query-terms.ts';
import { type LeasedRecords, PageTextFile } from './page-text-file.ts';
import { showPages } from './show-pages.ts';
import { SnippetBuilder } from './snippet-builder.ts';
import type { ShowRequest } from './snippet-protocol.ts';

const mappings = parseCharacterMapping("’ => ', Ω => ohm, μ => u").mappings;
const stem = cachedStemmer('en');
const terms = ['prune', 'rose', 'resistor'].map(stem);
const slots = [{ alternatives: [{ words: ['capacitor'], weight: 1 }] }];
const texts = [
  'Welcome to the garden shop. Pruning roses in spring keeps them healthy.',
  'A 10 kΩ resistor & a <b>1 μF</b> capacitor: the classic “RC” pair.',
  'Nothing to mark here at all.',
  '',
].map((body, n) => ({
  title: `Page ${n} – “${n}”`,
  body,
  description: body === '' ? 'Roses, pruned: only a description.' : '',
  language: 'en',
  // A document's type goes through the page-text file with its texts.
  type: n === 1 ? ('pdf' as const) : ('html' as const),
}));
// The second page pinned: the query's own words are marked in it.
const pageTerms = [terms, null, terms, terms];
const SIZE = 50;

// The pages stored as a generation stores them, read by whichever thread shows them.
const file = new PageTextFile((error) => {
  throw error;
}, mappings);
const leases: LeasedRecords[] = [];
beforeAll(async () => {
  file.append(
    texts.map((text, n) => ({
      ...text,
      url_key: `p${n}`,
      url: `p${n}`,
      headings: [],
      custom_tags: null,
      link_share: 0,
    })),
  );
  await file.end();
});
afterAll(async () => {
  for (const lease of leases) lease.release();
  await file.close();
});

function request(order: readonly number[], pages: 'texts' | 'file'): ShowRequest {
  const chosen = order.map((n) => texts[n] as (typeof texts)[number]);
  const leased = file.lease(order.map((n) => `p${n}`)) as LeasedRecords;
  leases.push(leased);
  return {
    pages:
      pages === 'texts'
        ? { kind: 'texts', texts: chosen }
        : { kind: 'file', fd: leased.fd, places: leased.places },
    terms: order.map((n) => pageTerms[n] ?? null),
    slots,
    mappings,
    size: SIZE,
  };
}

const inOrder = [0, 1, 2, 3];
const reversed = [3, 2, 1, 0];
/** Each page's title and its snippet as buildSnippet makes it, worked out here. */
const expected = (order: readonly number[]) =>
  order.map((n) => {
    const text = texts[n] as (typeof texts)[number];
    return {
      title: text.title,
      type: text.type,
      snippet: buildSnippet(text.body || text.description, {
        terms: pageTerms[n] ?? queryTerms(slots, 'en'),
        mappings,
        language: 'en',
        size: SIZE,
      }),
    };
  });

describe('showing a search’s pages', () => {
  it('given texts or their stored records’ places, then each page shows its title and snippet, a pinned one marked by the query', () => {
    expect(showPages(request(inOrder, 'texts'))).toEqual(expected(inOrder));
    expect(showPages(request(inOrder, 'file'))).toEqual(expected(inOrder));
    const shown = showPages(request(inOrder, 'file'));
    expect(shown[0]?.snippet).toContain('<mark>Pruning</mark>');
    expect(shown[1]?.snippet).toContain('<mark>capacitor</mark>');
    expect(shown[1]?.snippet).not.toContain('<mark>resistor</mark>');
    // No body: the description's passage.
    expect(shown[3]?.snippet).toContain('<mark>Roses</mark>');
  });
});

describe('SnippetBuilder', () => {
  const builders: SnippetBuilder[] = [];
  const make = (options: ConstructorParameters<typeof SnippetBuilder>[0]) => {
    const builder = new SnippetBuilder(options);
    builders.push(builder);
    return builder;
  };
  afterEach(async () => {
    await Promise.all(builders.splice(0).map((builder) => builder.close()));
  });

  it('given a worker, then it shows the pages of concurrent searches as in line, in order, from the file or texts', async () => {
    const errors: unknown[] = [];
    const builder = make({ worker: true, onError: (error) => errors.push(error) });
    const answers = await Promise.all([
      builder.build(request(inOrder, 'file')),
      builder.build(request(reversed, 'texts')),
    ]);
    expect(builder.workerBuilds).toBe(2);
    expect(answers).toEqual([expected(inOrder), expected(reversed)]);
    expect(errors).toEqual([]);
  });

  it('given no worker, then builds in line', async () => {
    const builder = make({ worker: false, onError: () => {} });
    expect(await builder.build(request(inOrder, 'file'))).toEqual(expected(inOrder));
    expect(builder.workerBuilds).toBe(0);
  });

  it('given a worker but no reason to offload, then builds in line', async () => {
    const builder = make({ worker: true, onError: () => {} });
    expect(await builder.build(request(inOrder, 'file'), false)).toEqual(expected(inOrder));
    expect(builder.workerBuilds).toBe(0);
  });

  it('given a worker that stops, then the waiting and later searches are built in line, the failure reported once', async () => {
    const errors: unknown[] = [];
    const builder = make({
      worker: true,
      onError: (error) => errors.push(error),
      workerUrl: new URL(`data:text/javascript,${encodeURIComponent('process.exit(3)')}`),
    });
    const records = request(inOrder, 'file');
    expect(await Promise.all([builder.build(records), builder.build(records)])).toEqual([
      expected(inOrder),
      expected(inOrder),
    ]);
    expect(await builder.build(records)).toEqual(expected(inOrder));
    expect(builder.workerBuilds).toBe(0);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'The snippet worker stopped (exit code 3).',
    ]);
  });
});
