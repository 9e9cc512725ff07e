/**
 * Deterministic product tables for the benchmark: the same seed always gives the same bytes, so two
 * runs (and two machines) measure the same work.
 */

/** mulberry32: tiny, fast and good enough to spread values; Math.random would change every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ADJECTIVES = [
  'rugged',
  'compact',
  'precision',
  'wideband',
  'isolated',
  'industrial',
  'miniature',
  'digital',
  'analog',
  'shielded',
  'waterproof',
  'lowpower',
] as const;
export const NOUNS = [
  'sensor',
  'amplifier',
  'connector',
  'regulator',
  'module',
  'relay',
  'switch',
  'converter',
  'antenna',
  'controller',
] as const;
export const CATEGORIES = [
  'Sensors',
  'Amplifiers',
  'Connectors',
  'Power',
  'Relays',
  'Switches',
  'Converters',
  'RF',
  'Controllers',
  'Cables',
  'Displays',
  'Tools',
] as const;
export const BRANDS = [
  'Acme',
  'Borealis',
  'Cobalt',
  'Dynatek',
  'Elmo',
  'Fulcrum',
  'Gamma',
  'Helix',
  'Ionix',
  'Juno',
  'Kappa',
  'Lumen',
  'Mako',
  'Nova',
  'Orion',
  'Pulse',
  'Quanta',
  'Rivet',
  'Sigma',
  'Tessel',
] as const;
const COLORS = ['black', 'white', 'grey', 'red', 'blue', 'green', 'silver', 'orange'] as const;
const FINISHES = ['matte', 'gloss', 'anodised', 'coated', 'raw'] as const;

export interface Product {
  sku: string;
  name: string;
  category: string;
  brand: string;
  color: string;
  price: number;
  stock: number;
  weight: number;
  rating: number;
  active: boolean;
  onSale: boolean;
  description: string;
  image: string;
  link: string;
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

/** Row `i` of the product table (seeded by its index, so any row can be made on its own). */
function product(i: number): Product {
  const random = prng(i * 2654435761);
  const id = String(i + 1).padStart(6, '0');
  const adjective = pick(random, ADJECTIVES);
  const noun = pick(random, NOUNS);
  return {
    sku: `SKU-${id}`,
    name: `${adjective} ${noun} ${pick(random, BRANDS).slice(0, 2).toUpperCase()}${Math.floor(random() * 900 + 100)}`,
    category: pick(random, CATEGORIES),
    brand: pick(random, BRANDS),
    color: pick(random, COLORS),
    price: Math.round(random() * 200_000) / 100,
    stock: Math.floor(random() * 500),
    weight: Math.round(random() * 5000) / 100,
    rating: Math.round(random() * 40 + 10) / 10,
    active: random() < 0.8,
    onSale: random() < 0.15,
    description: `${pick(random, FINISHES)} ${pick(random, COLORS)} ${noun}`,
    image: `https://img.example.test/${id}.jpg`,
    link: `https://shop.example.test/p/${id}`,
  };
}

export const FULL_HEADERS = [
  'SKU',
  'Name',
  'Category',
  'Brand',
  'Color',
  'Price',
  'Stock',
  'Weight',
  'Rating',
  'Active',
  'On sale',
  'Description',
  'Image',
  'Link',
] as const;

/** A product as the cells of `FULL_HEADERS`, typed as a spreadsheet would hold them. */
export function fullCells(p: Product): (string | number | boolean)[] {
  return [
    p.sku,
    p.name,
    p.category,
    p.brand,
    p.color,
    p.price,
    p.stock,
    p.weight,
    p.rating,
    p.active,
    p.onSale,
    p.description,
    p.image,
    p.link,
  ];
}

/** The search table: 100k rows must fit the 10 MB upload and the 1M-cell limit, so fewer, shorter columns. */
export const SEARCH_HEADERS = [
  'SKU',
  'Name',
  'Category',
  'Brand',
  'Price',
  'Stock',
  'Rating',
  'Active',
] as const;

export function searchCells(p: Product): (string | number | boolean)[] {
  return [p.sku, p.name, p.category, p.brand, p.price, p.stock, p.rating, p.active];
}

function csvField(value: string | number | boolean): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface Table {
  headers: readonly string[];
  rows: (string | number | boolean)[][];
}

/** Rows of `cells` until the CSV reaches `bytes` (or `rows` rows, whichever is given). */
export function makeTable(
  headers: readonly string[],
  cells: (p: Product) => (string | number | boolean)[],
  size: { bytes?: number; rows?: number },
): Table {
  const rows: (string | number | boolean)[][] = [];
  let bytes = headers.join(',').length + 1;
  for (let i = 0; ; i++) {
    if (size.rows !== undefined && rows.length >= size.rows) break;
    const row = cells(product(i));
    const length = row.map(csvField).join(',').length + 1;
    if (size.bytes !== undefined && bytes + length > size.bytes) break;
    rows.push(row);
    bytes += length;
  }
  return { headers, rows };
}

export function toCsv(table: Table): Uint8Array {
  const lines = [table.headers.map(csvField).join(',')];
  for (const row of table.rows) lines.push(row.map(csvField).join(','));
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}
