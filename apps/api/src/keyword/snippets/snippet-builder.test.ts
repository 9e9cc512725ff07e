import { parseCharacterMapping } from '@siteseer/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedStemmer } from '../analysis/index.ts';
import { buildSnippet } from './build-snippet.ts';
import { SnippetBuilder } from './snippet-builder.ts';
import type { SnippetJob } from './snippet-protocol.ts';

const mappings = parseCharacterMapping("’ => ', Ω => ohm, μ => u").mappings;
const stem = cachedStemmer('en');
const terms = ['prune', 'rose', 'resistor'].map(stem);
const jobs: SnippetJob[] = [
  'Welcome to the garden shop. Pruning roses in spring keeps them healthy.',
  'A 10 kΩ resistor & a <b>1 μF</b> capacitor: the classic “RC” pair.',
  'Nothing to mark here at all.',
  '',
].map((body, n) => ({ body, options: { terms, mappings, language: 'en', size: 40 + n * 10 } }));
const inLine = jobs.map((job) => buildSnippet(job.body, job.options));

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

  it('given a worker, then builds on it the snippets built in line, in order, for concurrent searches', async () => {
    const errors: unknown[] = [];
    const builder = make({ worker: true, onError: (error) => errors.push(error) });
    const answers = await Promise.all([builder.build(jobs), builder.build([...jobs].reverse())]);
    expect(builder.workerBuilds).toBe(2);
    expect(answers).toEqual([inLine, [...inLine].reverse()]);
    expect(inLine[1]).toContain('<mark>resistor</mark>');
    expect(errors).toEqual([]);
  });

  it('given no worker, then builds in line', async () => {
    const builder = make({ worker: false, onError: () => {} });
    expect(await builder.build(jobs)).toEqual(inLine);
    expect(builder.workerBuilds).toBe(0);
  });

  it('given a worker but no reason to offload, then builds in line', async () => {
    const builder = make({ worker: true, onError: () => {} });
    expect(await builder.build(jobs, false)).toEqual(inLine);
    expect(builder.workerBuilds).toBe(0);
  });

  it('given a worker that stops, then the waiting and later searches are built in line, the failure reported once', async () => {
    const errors: unknown[] = [];
    const builder = make({
      worker: true,
      onError: (error) => errors.push(error),
      workerUrl: new URL(`data:text/javascript,${encodeURIComponent('process.exit(3)')}`),
    });
    expect(await Promise.all([builder.build(jobs), builder.build(jobs)])).toEqual([inLine, inLine]);
    expect(await builder.build(jobs)).toEqual(inLine);
    expect(builder.workerBuilds).toBe(0);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'The snippet worker stopped (exit code 3).',
    ]);
  });
});
