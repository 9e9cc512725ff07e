/**
 * Deterministic product CSVs for the parse worker's tests: large files are generated rather than
 * stored. The same arguments always give the same bytes.
 */

/** A linear congruential generator: enough to spread values, and unlike Math.random repeatable. */
function pseudoRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const CATEGORIES = ['Sensors', 'Amplifiers', 'Connectors', 'Power', 'Relays', 'Switches'];
const BRANDS = ['Acme', 'Globex', 'Initech'];
const COLOURS = ['red', 'green', 'blue', 'black'];

const PRODUCT_HEADERS = [
  'SKU',
  'Name',
  'Category',
  'Price',
  'Stock',
  'In stock',
  'Weight',
  'Voltage',
  'Current',
  'Brand',
  'Colour',
  'Rating',
  'Image',
  'Datasheet',
  'Description',
  'Code',
] as const;

/**
 * A CSV of `rows` products in 16 columns of every inferred type (keyword, integer, half_float,
 * boolean, image, hyperlink), some quoted with a delimiter inside. 60,000 rows are ~9.8 MB, just
 * under the upload limit: the largest CSV an import meets.
 */
export function productCsv(rows: number, seed = 42): Uint8Array {
  const random = pseudoRandom(seed);
  const lines = [PRODUCT_HEADERS.join(',')];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `SKU-${String(i).padStart(6, '0')}`,
        `"Sensor, ${i}"`,
        CATEGORIES[i % CATEGORIES.length],
        (random() * 1000).toFixed(2),
        String(Math.floor(random() * 500)),
        random() > 0.5 ? 'yes' : 'no',
        (random() * 10).toFixed(3),
        String(Math.floor(random() * 48)),
        (random() * 5).toFixed(1),
        BRANDS[i % BRANDS.length],
        COLOURS[i % COLOURS.length],
        String(1 + (i % 5)),
        `https://img.example.test/p/${i}.png`,
        `https://docs.example.test/${i}`,
        `Part ${i}`,
        `X${Math.floor(random() * 1e6)}`,
      ].join(','),
    );
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}
