import { ADJECTIVES, BRANDS, CATEGORIES, NOUNS, prng } from './dataset.ts';
import { json, request } from './http-client.ts';
import { type Latency, runLoad } from './load.ts';

interface SearchConfig {
  columns: { id: string; label: string; sortable: boolean }[];
  filters: { id: string; label: string; kind: 'list' | 'range' }[];
}

type Query = Record<string, unknown>;

interface SearchLoad extends Latency {
  perSecond: number;
}

export const CONCURRENCY = 16;
const LOAD = {
  concurrency: CONCURRENCY,
  warmup: 150,
  warmupMinMs: 3000,
  warmupMs: 8000,
  requests: 2500,
  maxMs: 12_000,
};

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

/** Column ids by label, from the engine's public config (the bench knows its headers, not its ids). */
function idsOf(config: SearchConfig): (label: string) => string {
  const ids = new Map(config.columns.map((c) => [c.label, c.id]));
  return (label) => {
    const id = ids.get(label);
    if (!id) throw new Error(`No column ${label} in the search config`);
    return id;
  };
}

/** What a visitor types and picks: words or a model-code prefix, some filters, often a sort. */
export function textQuery(i: number, id: (label: string) => string): Query {
  const random = prng(1_000_003 + i);
  const kind = random();
  const q =
    kind < 0.5
      ? `${pick(random, ADJECTIVES)} ${pick(random, NOUNS).slice(0, 4)}`
      : kind < 0.8
        ? pick(random, ADJECTIVES)
        : `${pick(random, BRANDS).slice(0, 2)}${Math.floor(random() * 9 + 1)}`;
  const filters: Query = {};
  if (random() < 0.5)
    filters[id('Category')] = { values: [pick(random, CATEGORIES), pick(random, CATEGORIES)] };
  if (random() < 0.5) {
    const min = Math.floor(random() * 1000);
    filters[id('Price')] = { min, max: min + Math.floor(random() * 1000) };
  }
  if (random() < 0.3) filters[id('Active')] = { values: ['true'] };
  const sortKind = random();
  const sort =
    sortKind < 0.4
      ? { column: id('Price'), direction: random() < 0.5 ? 'asc' : 'desc' }
      : sortKind < 0.7
        ? { column: id('Rating'), direction: 'desc' }
        : undefined;
  return { q, filters, ...(sort ? { sort } : {}), page: random() < 0.7 ? 1 : 2 + Math.floor(random() * 2) };
}

/** Browsing without text: the landing page, or one category, brand or availability picked. */
export function browseQuery(i: number, id: (label: string) => string): Query {
  const random = prng(2_000_003 + i);
  const kind = random();
  const filters: Query =
    kind < 0.4
      ? {}
      : kind < 0.7
        ? { [id('Category')]: { values: [pick(random, CATEGORIES)] } }
        : kind < 0.9
          ? { [id('Brand')]: { values: [pick(random, BRANDS)] } }
          : { [id('Active')]: { values: ['true'] } };
  const sort = random() < 0.2 ? { sort: { column: id('Price'), direction: 'asc' } } : {};
  return { filters, ...sort, page: random() < 0.8 ? 1 : 2 + Math.floor(random() * 4) };
}

async function searchLoad(base: string, clientId: string, make: (i: number) => Query): Promise<SearchLoad> {
  return runLoad({
    ...LOAD,
    send: async (i) => {
      const answer = await request(`${base}/search/${clientId}/query`, {
        method: 'POST',
        body: JSON.stringify(make(i)),
      });
      if (answer.status !== 200)
        throw new Error(`Search answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      const result = JSON.parse(answer.text) as { total?: unknown; facets?: unknown };
      if (typeof result.total !== 'number' || typeof result.facets !== 'object')
        throw new Error('Not a search result');
      return answer.ms;
    },
  });
}

export interface SearchResults {
  /** Bare HTTP round trip under the same load (GET /config.json): what no search can beat. */
  httpFloor: SearchLoad;
  text: SearchLoad;
  browse: SearchLoad;
}

/** The three loads, one after the other, on the 100k-row engine of `clientId`. */
export async function measureSearch(base: string, clientId: string): Promise<SearchResults> {
  const config = await json<SearchConfig>(`${base}/search/${clientId}/config`);
  const id = idsOf(config);
  const httpFloor = await runLoad({
    ...LOAD,
    send: async () => {
      const answer = await request(`${base}/config.json`);
      if (answer.status !== 200) throw new Error(`/config.json answered ${answer.status}`);
      return answer.ms;
    },
  });
  const text = await searchLoad(base, clientId, (i) => textQuery(i, id));
  const browse = await searchLoad(base, clientId, (i) => browseQuery(i, id));
  return { httpFloor, text, browse };
}
