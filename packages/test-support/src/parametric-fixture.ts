/** A deterministic product table for parametric tests, and the facts about it computed in plain JS. */
export interface Product {
  sku: string;
  name: string;
  category: string;
  price: number;
  stock: number;
  active: boolean;
  image: string;
  link: string;
}

const CATEGORIES = ['Sensors', 'Amplifiers', 'Connectors', 'Power'] as const;
const WORDS = ['precision', 'rugged', 'compact', 'low-noise', 'wideband', 'isolated'] as const;
const NOUNS = ['sensor', 'amplifier', 'connector', 'regulator', 'module'] as const;

export function products(count: number): Product[] {
  return Array.from({ length: count }, (_, i) => ({
    sku: `SKU-${String(i + 1).padStart(5, '0')}`,
    name: `${WORDS[i % WORDS.length]} ${NOUNS[i % NOUNS.length]} ${i + 1}`,
    category: CATEGORIES[(i * 7) % CATEGORIES.length] as string,
    price: ((i * 37) % 1000) + (i % 4) * 0.25,
    stock: (i * 13) % 50,
    active: i % 3 !== 0,
    image: `https://img.example.test/p/${i + 1}.png`,
    link: `https://shop.example.test/p/${i + 1}`,
  }));
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const HEADERS = ['SKU', 'Name', 'Category', 'Price', 'Stock', 'Active', 'Image', 'Link'];

export function toCsv(rows: readonly Product[]): string {
  const lines = [HEADERS.join(',')];
  for (const p of rows) {
    lines.push(
      [p.sku, p.name, p.category, p.price.toString(), String(p.stock), String(p.active), p.image, p.link]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
