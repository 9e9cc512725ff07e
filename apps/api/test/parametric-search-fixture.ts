/**
 * A table whose values make the search index and SQL easy to tell apart if they disagree: strings
 * that collate differently from their code points, text that looks like numbers or booleans, numbers
 * that PostgreSQL prints differently from JavaScript, empty cells, ties in counts, words the text
 * parser splits or drops.
 */
export const SEARCH_HEADERS = ['Name', 'Kind', 'Size', 'Weight', 'Count', 'Flag', 'Note'];

const KINDS = ['apfel', 'Äpfel', 'Zebra', 'zebra', 'éclair', '12', '12.0', 'true', 'B-52', 'a b', ''];
const SIZES = ['1e21', '1.5e-7', '-0.5', '12.5', '12.50', '0', '-0', '3', '1E3', '', '1234567.125'];
const WEIGHTS = ['1', '2', '2.5', '', '10', '1e2', '-3'];
const WORDS = [
  'Über',
  'naïve',
  'low-noise',
  'x²',
  'rugged',
  'ruggedized',
  'sensor',
  'SKU-001',
  'café',
  '日本',
];

/** mulberry32, so the table is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

function field(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** `rows` rows of CSV (seeded, so `seed` gives another version of the table). */
export function searchCsv(rows: number, seed = 1): string {
  const random = prng(seed);
  const lines = [SEARCH_HEADERS.join(',')];
  for (let i = 0; i < rows; i++) {
    const name = `${pick(random, WORDS)} ${pick(random, WORDS)} ${i % 7}`;
    const count = random() < 0.1 ? '' : String(Math.floor(random() * 20) - 5);
    const flag = random() < 0.15 ? '' : random() < 0.5 ? 'yes' : 'false';
    lines.push(
      [name, pick(random, KINDS), pick(random, SIZES), pick(random, WEIGHTS), count, flag, `note ${i}`]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Texts a visitor may type: prefixes, several words, words PostgreSQL splits (x²) or drops (日本). */
export const TEXTS = [
  '',
  'rugg',
  'rugged sens',
  'über',
  'NAIVE',
  'low',
  'low-noise',
  'x²',
  '日本',
  'sku 001',
  'caf',
  '0',
  'zzz',
];
export const KIND_VALUES = [...KINDS, 'missing-value', '12.00'];
export const SIZE_TEXTS = ['1000000000000000000000', '0.00000015', '12.5', '12.50', '1000', '0', '-0.5', ''];
export const WEIGHT_TEXTS = ['1', '2.5', '100', '1e2', '', '-3'];

export { prng };
