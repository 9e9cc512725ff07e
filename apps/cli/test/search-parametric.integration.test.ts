import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createEngine, products, toCsv } from '@siteseer/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './cli-suite.ts';
import { json } from './run-cli.ts';

// `siteseer search` on a parametric engine, against the real API: the engine is made and
// published by the CLI, then searched through its client's public search (POST /search/{id}/query).

const suite = cliSuite();
const as = suite.as;
const rows = products(40);
type Product = (typeof rows)[number];

/** A product as `search --json` prints it: keyed by the column labels of the file. */
const printed = (p: Product | undefined) => ({
  ...(p ? {} : { missing: true }),
  SKU: p?.sku,
  Name: p?.name,
  Category: p?.category,
  Price: p?.price,
  Stock: p?.stock,
  Active: p?.active,
  Image: p?.image,
  Link: p?.link,
});

async function createPublished(name: string) {
  const file = join(suite.work, `${name.replaceAll(' ', '-')}.csv`);
  await writeFile(file, toCsv(rows));
  const created = await as(suite.tenants.ownerA, [
    'engines',
    'create',
    'parametric',
    '--name',
    name,
    '--account',
    suite.tenants.accountA,
    '--file',
    file,
    '--publish',
    '--json',
  ]);
  expect(created.code, created.stderr).toBe(0);
}

describe('siteseer search (parametric)', () => {
  beforeAll(async () => {
    await createPublished('Product finder');
  });

  it('given a word, then the matching rows keyed by column label, as JSON when piped', async () => {
    const expected = rows.filter((p) => p.name.startsWith('wideband '));
    expect(expected).toHaveLength(6);
    const result = await as(suite.tenants.ownerA, ['search', 'Product finder', 'wideband']);
    expect(result.code, result.stderr).toBe(0);
    const answer = json(result);
    expect(answer.total).toBe(6);
    expect(answer.page).toBe(1);
    expect(answer.columns.map((c: { key: string }) => c.key)).toEqual(Object.keys(printed(rows[0])));
    expect(answer.rows).toEqual(expected.map(printed));
  });

  it('given several words, a page and a page size, then that page of the rows holding every word', async () => {
    // Every word is a prefix: 'sens' is in the category Sensors and in the name 'wideband sensor 11'.
    const expected = rows.filter(
      (p) => p.name.startsWith('wideband ') && (p.category === 'Sensors' || p.name.includes(' sensor ')),
    );
    expect(expected.length).toBeGreaterThan(1);
    const first = json(
      await as(suite.tenants.ownerA, [
        'search',
        'Product finder',
        'wideband',
        'sens',
        '--page-size',
        '1',
        '--json',
      ]),
    );
    expect(first.total).toBe(expected.length);
    expect(first.rows).toEqual([printed(expected[0])]);
    const second = json(
      await as(suite.tenants.ownerA, [
        'search',
        'Product finder',
        'wideband sens',
        '--page',
        '2',
        '--page-size',
        '1',
      ]),
    );
    expect([second.page, second.rows]).toEqual([2, [printed(expected[1])]]);
  });

  it("given '' then every row, 20 a page; given a word no row holds, then 0 rows and exit 0", async () => {
    const all = json(await as(suite.tenants.ownerA, ['search', 'Product finder', '', '--json']));
    expect([all.total, all.rows.length]).toEqual([40, 20]);
    const none = await as(suite.tenants.ownerA, ['search', 'Product finder', 'zzzyzx', '--json']);
    expect(none.code, none.stderr).toBe(0);
    expect(json(none)).toMatchObject({ total: 0, rows: [] });
  });

  it('given --tab, then exit 2: a parametric engine has no tabs', async () => {
    const result = await as(suite.tenants.ownerA, ['search', 'Product finder', 'x', '--tab', 'docs']);
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toContain("--tab is for keyword engines: 'Product finder' is a parametric engine");
  });

  it('given an engine with nothing published, then exit 1 naming the command that publishes', async () => {
    // Made over the API: an engine with a client and nothing published. Such an engine does not
    // name its file, so the command named is for its first version.
    await createEngine(suite.tenants.server, suite.tenants.ownerA, {
      searchEngineType: 'pm',
      accountId: suite.tenants.accountA,
      searchEngineName: 'Draft catalogue',
    });
    const result = await as(suite.tenants.ownerA, ['search', 'Draft catalogue', 'x']);
    expect([result.code, result.stdout]).toEqual([1, '']);
    expect(result.stderr).toBe(
      'error: \'Draft catalogue\' has no published version to search yet. Publish one with `siteseer engines publish "Draft catalogue" --version 1`.\n',
    );
  });

  it("given another tenant's engine name, then it is not found for them", async () => {
    const result = await as(suite.tenants.ownerB, ['search', 'Product finder', 'wideband']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No engine 'Product finder'.");
  });
});
