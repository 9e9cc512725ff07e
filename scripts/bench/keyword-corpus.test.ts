import { describe, expect, it } from 'vitest';
import { BODY_MAX_CHARS, CORPUS_BASE, corpusPages, type SourcePage, sentencesOf } from './keyword-corpus.ts';

const sentence = (n: number) => `Sentence number ${n} says something about operating system interfaces.`;
const SOURCES: SourcePage[] = Array.from({ length: 7 }, (_, p) => ({
  path: `library/module-${p}.html`,
  title: `module${p} — Interfaces of part ${p}`,
  headings: [`Part ${p} basics`, `Part ${p} details`, `Part ${p} examples`],
  sentences: Array.from({ length: 150 }, (_, n) => sentence(p * 1000 + n)),
}));

describe('sentencesOf', () => {
  it('given prose, then its sentences without the short scraps', () => {
    expect(sentencesOf('First sentence is here. Ok. Is this the second one? Yes it is the third!')).toEqual([
      'First sentence is here.',
      'Is this the second one?',
      'Yes it is the third!',
    ]);
  });
});

describe('corpusPages', () => {
  const pages = [...corpusPages(SOURCES, 700)];

  it('given the same sources, then the same pages every time', () => {
    expect([...corpusPages(SOURCES, 700)]).toEqual(pages);
  });

  it('given 700 pages, then 700 distinct URLs under the corpus base', () => {
    expect(new Set(pages.map((p) => p.url)).size).toBe(700);
    expect(pages.every((p) => p.url.startsWith(CORPUS_BASE))).toBe(true);
  });

  it('given a page, then a body of its source sentences within the size bounds and a reference of its own', () => {
    const references = new Set<string>();
    for (const page of pages) {
      expect(page.body.length).toBeGreaterThanOrEqual(1_000);
      expect(page.body.length).toBeLessThanOrEqual(BODY_MAX_CHARS + 100);
      const reference = /Reference (REF-[0-9A-Z]+)\./.exec(page.body)?.[1];
      expect(reference).toBeDefined();
      references.add(reference!);
      expect(page.headings.length).toBeGreaterThan(0);
      expect(page.title).toContain(page.headings[0]);
    }
    expect(references.size).toBe(700);
  });

  it('given page i, then most of its sentences come from source i mod 7', () => {
    const page = pages[10]!;
    const own = page.body.match(/Sentence number 3\d\d\d /g)?.length ?? 0;
    const all = page.body.match(/Sentence number \d+ /g)?.length ?? 0;
    expect(own / all).toBeGreaterThan(0.6);
  });
});
