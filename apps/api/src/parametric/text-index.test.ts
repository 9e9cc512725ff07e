import { describe, expect, it } from 'vitest';
import { TextIndexBuilder, words } from './text-index.ts';

/** A row's words as the index gets them: distinct. */
function rowsOfWords(count: number): string[][] {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const syllables = ['a', 'ab', 'abc', 'zé', 'über', 'ß', '𝔘', 'ka', 'kä', 'x2', '0', '00', 'Z'];
  return Array.from({ length: count }, (_, i) => {
    const made = [
      // Unique codes sharing long prefixes: groups far larger than one sort's worth.
      `sku${String(i).padStart(6, '0')}`,
      String(i * 7).padStart(7, '0'),
      Array.from(
        { length: 1 + Math.floor(random() * 3) },
        () => syllables[Math.floor(random() * syllables.length)],
      ).join(''),
    ];
    return [...new Set(made.flatMap((w) => words(w)))];
  });
}

describe("the text index of rows' words", () => {
  it('given 40k rows of unique codes and short words, when searching prefixes, then the rows are those a scan finds', async () => {
    const rows = rowsOfWords(40_000);
    const builder = new TextIndexBuilder();
    rows.forEach((row, position) => {
      builder.add(position, row);
    });
    const index = await builder.finish();
    const scan = (prefixes: string[]) =>
      rows.flatMap((row, position) =>
        prefixes.every((p) => row.some((w) => w.startsWith(p))) ? [position] : [],
      );
    const prefixes = [
      ['sku0123'],
      ['sku03999'],
      ['000'],
      ['0'],
      ['a'],
      ['ab'],
      ['zé'],
      ['ü'],
      ['𝔘'],
      ['k'],
      ['kä'],
      ['x2'],
      ['sku', '00'],
      ['nothing'],
    ];
    for (const query of prefixes) {
      expect({ query, rows: Array.from(index.match(query)) }).toEqual({ query, rows: scan(query) });
    }
  });
});

describe('the words a visitor types and the words of the rows', () => {
  it('given accented values, when a visitor types them without accents, then the words are the same', () => {
    expect(words('Café Crème, Zürich; Éclair')).toEqual(words('cafe creme zurich eclair'));
    expect(words('São Paulo')).toEqual(['sao', 'paulo']);
  });

  it('given a value written decomposed (e + U+0301), when searched composed, then the words are the same', () => {
    expect(words('Cafe\u0301')).toEqual(['cafe']);
    expect(words('Café')).toEqual(['cafe']);
  });

  it('given Japanese or Chinese text, when split, then each character is a word, so a part of a run is found', () => {
    expect(words('東京都渋谷区')).toEqual(['東', '京', '都', '渋', '谷', '区']);
    expect(words('ソニー ワイヤレスヘッドホン WH-1000')).toEqual([
      'ソ',
      'ニ',
      'ー',
      'ワ',
      'イ',
      'ヤ',
      'レ',
      'ス',
      'ヘ',
      'ッ',
      'ド',
      'ホ',
      'ン',
      'wh',
      '1000',
    ]);
    expect(words('한국어 단어')).toEqual(['한국어', '단어']);
  });

  it('given kana with voicing marks, when folded, then the marks stay (ガ is not カ)', () => {
    expect(words('ガイド')).not.toEqual(words('カイド'));
    expect(words('ガイド')).toEqual(['ガ', 'イ', 'ド']);
  });
});
