import {
  decodeLabel,
  HISTOGRAM_BUCKETS_MAX,
  type ParametricConfiguration,
  SearchResult,
} from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import { api, type TestServer } from './harness.ts';
import { HEADERS, type Product, products, toCsv } from './parametric-fixture.ts';

let t: Tenants;
let server: TestServer;
const DATA = products(240);

beforeAll(async () => {
  t = await startWithTenants();
  server = t.server;
});
afterAll(async () => {
  await t?.server.close();
});

async function upload(
  token: string,
  fields: Record<string, string>,
  file: { name: string; content: string | Uint8Array },
  path = 'parametric/file/import',
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file.content]), file.name);
  const response = await fetch(`${server.base}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Column ids by header, from a configuration. */
/** The Category column as the engine's first filter, a list. */
function categoryFilter(id: string) {
  return { id, label: 'Category', position: 0, type: 'list', supports: { rangeFilter: false } } as const;
}

function idsByLabel(configuration: ParametricConfiguration): Record<string, string> {
  return Object.fromEntries(Object.values(configuration.columns).map((c) => [decodeLabel(c.label), c.id]));
}

async function search(clientId: string, body: unknown, origin?: string) {
  const response = await fetch(`${server.base}/search/${clientId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

async function createEngine(
  token: string,
  accountId: string,
  name: string,
): Promise<{ engineId: string; clientId: string }> {
  const created = await api(server, token, 'POST', 'searchengines', {
    searchEngineType: 'pm',
    accountId,
    searchEngineName: name,
  });
  expect(created.status).toBe(200);
  return { engineId: created.body.documentId, clientId: created.body.clientId };
}

describe('a parametric engine from upload to search', () => {
  let engineId: string;
  let clientId: string;
  let importId: string;
  let ids: Record<string, string>;
  let configuration: ParametricConfiguration;

  it('given a CSV, when uploaded, then a version is stored with its rows and header', async () => {
    const uploaded = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'products.csv', content: toCsv(DATA) },
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      version: 1,
      originalFileName: 'products.csv',
      rowCount: 240,
      columns: HEADERS,
    });
    importId = uploaded.body.importId;
  });

  it('given the upload, when previewed with 5 lines, then typed rows and the inferred configuration come back', async () => {
    const preview = await api(server, t.ownerA.token, 'GET', `parametric/file/${importId}/preview?lines=5`);
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toHaveLength(5);
    configuration = preview.body.configuration;
    ids = idsByLabel(configuration);
    expect(Object.keys(ids).sort()).toEqual([...HEADERS].sort());
    const first = preview.body.rows[0];
    expect(first[ids.SKU as string]).toBe('SKU-00001');
    expect(first[ids.Stock as string]).toBe(DATA[0]?.stock);
    expect(first[ids.Active as string]).toBe(false);
    expect(configuration.columns[ids.Price as string]?.type).toBe('half_float');
    expect(configuration.columns[ids.Stock as string]?.type).toBe('integer');
    expect(configuration.columns[ids.Image as string]?.type).toBe('image');
    expect(configuration.columns[ids.Link as string]?.type).toBe('hyperlink');
  });

  it('given an engine, when created and published with a configuration, then the client searches it', async () => {
    ({ engineId, clientId } = await createEngine(t.ownerA.token, t.accountA, 'Product finder'));
    const category = ids.Category as string;
    const price = ids.Price as string;
    // Filters on Category (list) and Price (range) only; no other column filters.
    const noFiltering = Object.fromEntries(
      Object.entries(configuration.columns).map(([id, c]) => [
        id,
        { ...c, supports: { ...c.supports, filtering: false } },
      ]),
    );
    configuration = {
      ...configuration,
      columns: {
        ...noFiltering,
        [category]: {
          ...(configuration.columns[category] as any),
          supports: { filtering: true, sorting: true },
        },
        [price]: { ...(configuration.columns[price] as any), supports: { filtering: true, sorting: true } },
      },
      filters: {
        [category]: categoryFilter(category),
        [price]: { id: price, label: 'Price', position: 1, type: 'default', supports: { rangeFilter: true } },
      },
      settings: { ...configuration.settings, allowDownload: true },
    };
    const published = await api(server, t.ownerA.token, 'POST', 'parametric/create', {
      spreadsheetId: importId,
      engineId,
      accountId: t.accountA,
      version: 1,
      configuration,
    });
    expect(published.status).toBe(200);
    expect(published.body.clientId).toBe(clientId);

    const engine = await api(
      server,
      t.ownerA.token,
      'GET',
      `searchengines/${engineId}?accountId=${t.accountA}`,
    );
    expect(engine.body.searchEngineDetail).toMatchObject({
      originalFileName: 'products.csv',
      importId,
      version: 1,
    });

    const config = await fetch(`${server.base}/search/${clientId}/config`);
    const searchConfig = (await config.json()) as any;
    expect(searchConfig.engineName).toBe('Product finder');
    expect(searchConfig.filters.map((f: any) => [f.label, f.kind])).toEqual([
      ['Category', 'list'],
      ['Price', 'range'],
    ]);
  });

  it('given filters, text, sort and paging, when searching, then the rows and counts match the data', async () => {
    const category = ids.Category as string;
    const price = ids.Price as string;
    const sku = ids.SKU as string;
    const matches = (p: Product) => p.category === 'Sensors' && p.price >= 100 && p.price <= 600;
    const expected = DATA.filter(matches).sort(
      (a, b) => b.price - a.price || DATA.indexOf(a) - DATA.indexOf(b),
    );

    const result = await search(clientId, {
      filters: { [category]: { values: ['Sensors'] }, [price]: { min: 100, max: 600 } },
      sort: { column: price, direction: 'desc' },
      page: 2,
      pageSize: 7,
    });
    expect(result.status).toBe(200);
    // Written without the schema's check on the way out (routes/search.ts): it holds anyway, with
    // nothing the schema lacks (parsing would drop it).
    expect(result.body).toEqual(SearchResult.parse(result.body));
    expect(result.body.total).toBe(expected.length);
    expect(result.body.rows.map((r: any) => r[sku])).toEqual(expected.slice(7, 14).map((p) => p.sku));

    // The category facet ignores its own selection: counts per category within the price range.
    const inRange = DATA.filter((p) => p.price >= 100 && p.price <= 600);
    const counts = Object.fromEntries(
      [...new Set(inRange.map((p) => p.category))].map((c) => [
        c,
        inRange.filter((p) => p.category === c).length,
      ]),
    );
    const facet = result.body.facets[category];
    expect(Object.fromEntries(facet.values.map((v: any) => [v.value, v.count]))).toEqual(counts);
    const sensors = DATA.filter((p) => p.category === 'Sensors');
    const low = Math.min(...sensors.map((p) => p.price));
    const high = Math.max(...sensors.map((p) => p.price));
    const width = (high - low) / HISTOGRAM_BUCKETS_MAX;
    // Twenty equal-width bars from the lowest to the highest price (the last one holds the highest).
    const bars = Array.from(
      { length: HISTOGRAM_BUCKETS_MAX },
      (_, b) =>
        sensors.filter((p) => Math.min(HISTOGRAM_BUCKETS_MAX - 1, Math.floor((p.price - low) / width)) === b)
          .length,
    );
    expect(result.body.facets[price]).toEqual({ kind: 'range', min: low, max: high, histogram: bars });
    expect(bars.reduce((a, b) => a + b)).toBe(sensors.length);
  });

  it('given the filters call, then the categories come with their counts under the applied ones', async () => {
    const all = await api(
      server,
      t.ownerA.token,
      'POST',
      `searchengines/${engineId}/filters?accountId=${t.accountA}`,
      {
        appliedFilters: { category: [] },
      },
    );
    expect(all.status).toBe(200);
    const counts = Object.fromEntries(
      [...new Set(DATA.map((p) => p.category))].map((c) => [c, DATA.filter((p) => p.category === c).length]),
    );
    expect(all.body.category).toEqual(counts);
    const some = await api(
      server,
      t.ownerA.token,
      'POST',
      `searchengines/${engineId}/filters?accountId=${t.accountA}`,
      {
        appliedFilters: { category: ['Sensors', 'Power'] },
      },
    );
    expect(some.body.category).toEqual({ Sensors: counts.Sensors, Power: counts.Power });
    const other = await api(
      server,
      t.ownerB.token,
      'POST',
      `searchengines/${engineId}/filters?accountId=${t.accountA}`,
      {
        appliedFilters: { category: [] },
      },
    );
    expect(other.status).toBe(404);
  });

  it('given words, when searching text, then rows containing every word (as prefixes) are found', async () => {
    const result = await search(clientId, { q: 'rugg AMPLIFIER', pageSize: 100 });
    // Every text of the row counts (name, category, SKU...): each query word must start one of its words.
    const words = (p: Product) => `${p.sku} ${p.name} ${p.category}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    const expected = DATA.filter((p) =>
      ['rugg', 'amplifier'].every((q) => words(p).some((w) => w.startsWith(q))),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(result.body.total).toBe(expected.length);
  });

  it('given a new version, when published and then the old one published again, then search follows each', async () => {
    const sku = ids.SKU as string;
    const smaller = DATA.slice(0, 10);
    const v2 = await upload(
      t.ownerA.token,
      { accountId: t.accountA, engineId },
      { name: 'products-v2.csv', content: toCsv(smaller) },
      `parametric/file/${importId}`,
    );
    expect(v2.body.version).toBe(2);
    const history = await api(server, t.ownerA.token, 'GET', `parametric/file/${importId}/history`);
    expect(history.body.map((h: any) => h.version)).toEqual([1, 2]);

    expect(
      (
        await api(server, t.ownerA.token, 'PUT', 'parametric/publish', {
          version: 2,
          accountId: t.accountA,
          engineId,
          clientId,
        })
      ).status,
    ).toBe(200);
    expect((await search(clientId, {})).body.total).toBe(10);
    expect(
      (
        await api(server, t.ownerA.token, 'PUT', 'parametric/publish', {
          version: 1,
          accountId: t.accountA,
          engineId,
          clientId,
        })
      ).status,
    ).toBe(200);
    const back = await search(clientId, { pageSize: 1 });
    expect(back.body.total).toBe(240);
    expect(back.body.rows[0][sku]).toBe('SKU-00001');
  });

  it('given a publish that fails inside its transaction, then the previous version stays searchable', async () => {
    // A real failure after the published pointer has moved: a trigger refuses the engine's new
    // current-file detail (written later in the same transaction) for version 3's file.
    await server.store.exec(`
      CREATE FUNCTION refuse_poison() RETURNS trigger AS $$
      BEGIN
        IF NEW.detail::text LIKE '%bad.csv%' THEN RAISE EXCEPTION 'poisoned publish'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_poison BEFORE UPDATE ON engines FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
    const poisoned = [...DATA.slice(0, 5), { ...(DATA[5] as Product), name: 'POISON' }];
    const v3 = await upload(
      t.ownerA.token,
      { accountId: t.accountA, engineId },
      { name: 'bad.csv', content: toCsv(poisoned) },
      `parametric/file/${importId}`,
    );
    expect(v3.body.version).toBe(3);
    const failed = await api(server, t.ownerA.token, 'PUT', 'parametric/publish', {
      version: 3,
      accountId: t.accountA,
      engineId,
      clientId,
    });
    expect(failed.status).toBe(500);
    const still = await search(clientId, {});
    expect(still.body.total).toBe(240);
    const config = (await (await fetch(`${server.base}/search/${clientId}/config`)).json()) as any;
    expect(config.version).toBe(1);
    await server.store.exec('DROP TRIGGER refuse_poison ON engines; DROP FUNCTION refuse_poison();');
  });

  it('given a version uploaded by an admin, when a user reads the history, then each version has its file, rows and uploader', async () => {
    const v4 = await upload(
      t.adminA.token,
      { accountId: t.accountA, engineId },
      { name: 'products-v4.csv', content: toCsv(DATA.slice(0, 7)) },
      `parametric/file/${importId}`,
    );
    expect(v4.body.version).toBe(4);
    const history = await api(server, t.userA.token, 'GET', `parametric/file/${importId}/history`);
    expect(history.status).toBe(200);
    const owner = t.ownerA.email;
    expect(history.body.map((h: any) => [h.version, h.originalFileName, h.rowCount, h.uploadedBy])).toEqual([
      [1, 'products.csv', 240, owner],
      [2, 'products-v2.csv', 10, owner],
      [3, 'bad.csv', 6, owner],
      [4, 'products-v4.csv', 7, t.adminA.email],
    ]);
    expect(history.body.every((h: any) => h.importId === importId && Date.parse(h.uploadDate) > 0)).toBe(
      true,
    );
  });

  it('given a configuration a value does not fit, when published, then 400 names the row and column and nothing changes', async () => {
    const name = ids.Name as string;
    const retyped = {
      ...configuration,
      columns: {
        ...configuration.columns,
        [name]: { ...(configuration.columns[name] as any), type: 'integer' },
      },
    };
    const refused = await api(server, t.ownerA.token, 'POST', 'parametric/create', {
      spreadsheetId: importId,
      engineId,
      accountId: t.accountA,
      version: 1,
      configuration: retyped,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^Row 2, column 'Name': '.+' is not a whole number/);
    expect((await search(clientId, {})).body.total).toBe(240);
    const config = (await (await fetch(`${server.base}/search/${clientId}/config`)).json()) as any;
    expect(config.columns.find((c: { id: string }) => c.id === name).type).toBe('keyword');
  });

  it('given a hyperlink column taking its URL from a hidden column, then rows carry that column (and no other hidden one)', async () => {
    const link = ids.Link as string;
    const image = ids.Image as string;
    const stock = ids.Stock as string;
    const columns = configuration.columns as Record<string, any>;
    const linked = {
      ...configuration,
      columns: {
        ...columns,
        [link]: { ...columns[link], settings: { ...columns[link].settings, targetColumnId: image } },
        [image]: { ...columns[image], enabled: false },
        [stock]: { ...columns[stock], enabled: false, supports: { filtering: false, sorting: false } },
      },
    };
    const publish = (body: unknown) =>
      api(server, t.ownerA.token, 'POST', 'parametric/create', {
        spreadsheetId: importId,
        engineId,
        accountId: t.accountA,
        version: 1,
        configuration: body,
      });
    expect((await publish(linked)).status).toBe(200);
    try {
      const config = (await (await fetch(`${server.base}/search/${clientId}/config`)).json()) as any;
      expect(config.columns.map((c: { id: string }) => c.id)).not.toContain(image);
      const found = await search(clientId, { q: 'SKU-00001' });
      const row = found.body.rows[0];
      expect(row[image]).toBe(DATA[0]?.image);
      expect(row[link]).toBe(DATA[0]?.link);
      expect(Object.keys(row)).not.toContain(stock);
    } finally {
      expect((await publish(configuration)).status).toBe(200);
    }
  });

  it('given the download calls, then the original file and a formula-safe CSV come back to the owner only', async () => {
    const original = await fetch(
      `${server.base}/api/parametric/download?engineId=${engineId}&accountId=${t.accountA}&version=1`,
      {
        headers: { authorization: `Bearer ${t.ownerA.token}` },
      },
    );
    expect(original.status).toBe(200);
    expect(await original.text()).toBe(toCsv(DATA));
    const asUser = await api(
      server,
      t.userA.token,
      'GET',
      `parametric/download?engineId=${engineId}&accountId=${t.accountA}`,
    );
    expect(asUser.status).toBe(403);
    const otherTenant = await api(
      server,
      t.ownerB.token,
      'GET',
      `parametric/download?engineId=${engineId}&accountId=${t.accountA}`,
    );
    expect(otherTenant.status).toBe(404);
  });

  it('given an upload named in the draft, when the engine is created, then its configuration saves before any publish', async () => {
    const uploaded = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'draft.csv', content: toCsv(DATA.slice(0, 5)) },
    );
    const draft = (name: string, accountId: string, token = t.ownerA.token) =>
      api(server, token, 'POST', 'searchengines', {
        searchEngineType: 'pm',
        accountId,
        searchEngineName: name,
        searchEngineDetail: { importId: uploaded.body.importId },
      });
    const created = await draft('Saved before publishing', t.accountA);
    expect(created.status).toBe(200);
    const preview = await api(
      server,
      t.ownerA.token,
      'GET',
      `parametric/file/${uploaded.body.importId}/preview?lines=1`,
    );
    const saved = await api(server, t.ownerA.token, 'POST', 'parametric/config', {
      engineId: created.body.documentId,
      accountId: t.accountA,
      version: 1,
      configuration: preview.body.configuration,
    });
    expect(saved.status).toBe(200);
    // The file is now that engine's: another engine cannot take it, another account cannot see it.
    expect((await draft('Second engine, same file', t.accountA)).status).toBe(409);
    expect((await draft('Not my file at all', t.accountB, t.ownerB.token)).status).toBe(404);
  });

  it('given another tenant, when it calls any parametric route of account A, then it gets nothing', async () => {
    const b = t.ownerB.token;
    expect((await api(server, b, 'GET', `parametric/file/${importId}/preview`)).status).toBe(404);
    expect((await api(server, b, 'GET', `parametric/file/${importId}/history`)).status).toBe(404);
    expect(
      (await api(server, b, 'GET', `parametric/config?engineId=${engineId}&accountId=${t.accountA}`)).status,
    ).toBe(404);
    expect(
      (
        await api(server, b, 'PUT', 'parametric/publish', {
          version: 1,
          accountId: t.accountA,
          engineId,
          clientId,
        })
      ).status,
    ).toBe(404);
    expect(
      (await upload(b, { accountId: t.accountA }, { name: 'x.csv', content: 'a,b\n1,2\n' })).status,
    ).toBe(404);
    expect(
      (
        await upload(
          b,
          { accountId: t.accountB },
          { name: 'x.csv', content: 'a,b\n1,2\n' },
          `parametric/file/${importId}`,
        )
      ).status,
    ).toBe(404);
  });
});

describe('a new file of a published engine', () => {
  it('given a new file, when previewed (the wizard) and published without a configuration (the CLI), then the engine keeps its filters and settings (was: reset)', async () => {
    const csv = (rows: number) => ({ name: 'products.csv', content: toCsv(DATA.slice(0, rows)) });
    const first = await upload(t.ownerA.token, { accountId: t.accountA }, csv(30));
    const { importId } = first.body;
    const inferred: ParametricConfiguration = (
      await api(server, t.ownerA.token, 'GET', `parametric/file/${importId}/preview?lines=1`)
    ).body.configuration;
    const ids = idsByLabel(inferred);
    const category = ids.Category as string;
    const { engineId, clientId } = await createEngine(t.ownerA.token, t.accountA, 'Kept settings');
    // Category is the one filter: every other column's filtering is off.
    const columns = Object.fromEntries(
      Object.entries(inferred.columns).map(([id, c]) => [
        id,
        { ...c, supports: { ...c.supports, filtering: id === category } },
      ]),
    );
    const configuration: ParametricConfiguration = {
      ...inferred,
      columns,
      filters: {
        [category]: categoryFilter(category),
      },
      settings: { ...inferred.settings, allowDownload: true, showSearchBar: true },
    };
    const created = await api(server, t.ownerA.token, 'POST', 'parametric/create', {
      spreadsheetId: importId,
      engineId,
      accountId: t.accountA,
      version: 1,
      configuration,
    });
    expect(created.status).toBe(200);

    const second = await upload(
      t.ownerA.token,
      { accountId: t.accountA, engineId },
      csv(20),
      `parametric/file/${importId}`,
    );
    expect(second.body.version).toBe(2);
    const preview = await api(server, t.ownerA.token, 'GET', `parametric/file/${importId}/preview?lines=1`);
    expect(preview.body.configuration.settings).toMatchObject({ allowDownload: true, showSearchBar: true });
    expect(Object.keys(preview.body.configuration.filters)).toEqual([category]);

    const published = await api(server, t.ownerA.token, 'PUT', 'parametric/publish', {
      version: 2,
      accountId: t.accountA,
      engineId,
      clientId,
    });
    expect(published.status).toBe(200);
    const config = (await (await fetch(`${server.base}/search/${clientId}/config`)).json()) as any;
    expect(config.filters.map((f: any) => [f.label, f.kind])).toEqual([['Category', 'list']]);
    expect((await search(clientId, {})).body.total).toBe(20);
  });
});

describe('what an upload read otherwise than written', () => {
  it('given numbers with thousands separators and a repeated header, when uploaded, then the answer says so (was: nothing)', async () => {
    const uploaded = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'preise.csv', content: 'Artikel;Preis;Preis\nSchraube;1.000,50;2\nMutter;3,5;4\n' },
    );

    expect(uploaded.status).toBe(200);
    expect(uploaded.body.warnings).toEqual([
      expect.stringContaining("'Preis (2)'"),
      "Column 'Preis' holds numbers written like 1.234,5; they are read as plain numbers (1234.5).",
    ]);
  });

  it('given a plain table, when uploaded, then the answer has no warnings', async () => {
    const uploaded = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'plain.csv', content: 'Name,Qty\na,1\n' },
    );

    expect(uploaded.status).toBe(200);
    expect(uploaded.body).not.toHaveProperty('warnings');
  });
});

describe('refused uploads', () => {
  it('given a file over 10240 KB, then 413 and nothing stored', async () => {
    const big = `a,b\n${'x,y\n'.repeat((10240 * 1024) / 4 + 10)}`;
    const refused = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'big.csv', content: big },
    );
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toBe('The file is larger than 10240 KB (10 MB).');
  });

  it('given a file that is not csv or xlsx, then 400 naming the problem', async () => {
    const refused = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'notes.txt', content: 'hello' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('The file must be a CSV or XLSX file.');
  });

  it('given a reserved column name, then 400 naming the column and nothing stored', async () => {
    const before = await server.store.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM parametric_versions',
    );
    const refused = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'evil.csv', content: 'name,__proto__\na,b\n' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('__proto__');
    const after = await server.store.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM parametric_versions',
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('given the same Idempotency-Key twice, then the second upload returns the first version', async () => {
    const headers = { 'idempotency-key': 'ci-run-42' };
    const first = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'a.csv', content: 'a,b\n1,2\n' },
      'parametric/file/import',
      headers,
    );
    const again = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'a.csv', content: 'a,b\n1,2\n' },
      'parametric/file/import',
      headers,
    );
    expect(again.body).toEqual(first.body);
  });

  it('given an engine made from an upload, when deleted, then its upload goes too and the same upload again makes a new one', async () => {
    const headers = { 'idempotency-key': 'ci-run-deleted-engine' };
    const file = { name: 'd.csv', content: 'a,b\n1,2\n' };
    const first = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      file,
      'parametric/file/import',
      headers,
    );
    const create = (importId: string) =>
      api(server, t.ownerA.token, 'POST', 'searchengines', {
        searchEngineType: 'pm',
        accountId: t.accountA,
        searchEngineName: 'Deleted and made again',
        searchEngineDetail: { importId },
      });
    const engine = await create(first.body.importId);
    expect(engine.status).toBe(200);
    const deleted = await api(server, t.ownerA.token, 'DELETE', `searchengines/${engine.body.documentId}`, {
      accountId: t.accountA,
    });
    expect(deleted.status).toBe(200);
    const { rows } = await server.store.query<{ imports: number; versions: number }>(
      `SELECT (SELECT count(*)::int FROM parametric_imports WHERE account_id = $1 AND id = $2) AS imports,
         (SELECT count(*)::int FROM parametric_versions WHERE account_id = $1 AND import_id = $2) AS versions`,
      [t.accountA, first.body.importId],
    );
    expect(rows).toEqual([{ imports: 0, versions: 0 }]);
    const again = await upload(
      t.ownerA.token,
      { accountId: t.accountA },
      file,
      'parametric/file/import',
      headers,
    );
    expect(again.status).toBe(200);
    expect(again.body.importId).not.toBe(first.body.importId);
    expect((await create(again.body.importId)).status).toBe(200);
  });
});
