import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { account, engine, fakeApi, input, ok, refused, T0, testDeps } from '../../../test/fakes.ts';
import { AbortError, CancelledError, UsageError } from '../../errors.ts';
import * as createParametric from './create-parametric.ts';
import * as del from './delete.ts';
import * as download from './download.ts';
import * as history from './history.ts';
import * as list from './list.ts';
import { idempotencyKey } from './local-files.ts';
import * as publish from './publish.ts';
import { resolveEngine } from './resolve-engine.ts';
import * as show from './show.ts';
import * as snippet from './snippet.ts';
import * as upload from './upload.ts';

const configuration = {
  columns: {
    name: {
      id: 'name',
      label: 'Name',
      position: 0,
      type: 'keyword' as const,
      settings: {},
      enabled: true,
      supports: { filtering: true, sorting: true },
    },
    price: {
      id: 'price',
      label: 'Price',
      position: 1,
      type: 'half_float' as const,
      settings: {},
      enabled: true,
      supports: { filtering: false, sorting: true },
    },
  },
  filters: {},
  settings: {
    filterFormat: 'list' as const,
    allowDownload: false,
    allowEmptyFilterValues: false,
    autoApplyFilters: true,
    showSearchBar: false,
  },
};

/** The clients API answering the parametric client of engine eng-1. */
const engineClients = {
  byEngineIds: async () =>
    ok([
      {
        id: 'cli-1',
        engineId: 'eng-1',
        accountId: 'acc-1',
        type: 'pm' as const,
        indexName: 'i',
        settings: {},
      },
    ]),
};

const imported = (version: number) => ({
  importId: 'imp-1',
  version,
  originalFileName: 'products.csv',
  uploadDate: T0,
  rowCount: 3,
  columns: ['name', 'price'],
});

async function csvFile(text = 'name,price\nA,1\nB,2\nC,3\n'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'siteseer-cli-'));
  const path = join(dir, 'products.csv');
  await writeFile(path, text);
  return path;
}

describe('engines list', () => {
  it('given --type and --desc, when parsed, then the type is a product code and the order descending', () => {
    expect(list.parse(input([], { type: 'parametric', sort: 'creationDate', desc: true }))).toEqual({
      type: 'pm',
      account: undefined,
      sortBy: 'creationDate',
      ascending: false,
    });
    expect(() => list.parse(input([], { type: 'spreadsheet' }))).toThrow(UsageError);
  });

  it('given engines of two accounts, when listing one account as JSON, then only its engines are printed, sorted by name', async () => {
    const api = fakeApi({
      engines: {
        list: async () =>
          ok([
            engine({ id: 'b', searchEngineName: 'Zeta engine' }),
            engine({ id: 'a', searchEngineName: 'Alpha engine' }),
            engine({ id: 'c', accountId: 'acc-2', searchEngineName: 'Other account' }),
          ]),
      },
      profile: { accounts: async () => ok([account(), account({ id: 'acc-2', name: 'Beta' })]) },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    await list.run(deps, list.parse(input([], { account: 'acc-1' })));
    expect(JSON.parse(recorded.stdout).map((e: { id: string }) => e.id)).toEqual(['a', 'b']);
  });

  it('given --account by name, when listing, then its engines are shown; an unknown one is an error', async () => {
    const api = fakeApi({
      engines: {
        list: async () =>
          ok([engine({ id: 'a' }), engine({ id: 'c', accountId: 'acc-2', searchEngineName: 'Other one' })]),
      },
      profile: { accounts: async () => ok([account(), account({ id: 'acc-2', name: 'Beta' })]) },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    await list.run(deps, list.parse(input([], { account: 'Beta' })));
    expect(JSON.parse(recorded.stdout).map((e: { id: string }) => e.id)).toEqual(['c']);
    await expect(list.run(deps, list.parse(input([], { account: 'nonexistent' })))).rejects.toThrow(
      AbortError,
    );
  });

  it('given no parametric engines, when listing them, then the dashboard message is shown on stderr', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([]) },
      profile: { accounts: async () => ok([account()]) },
    });
    const { deps, recorded } = testDeps(api);
    await list.run(deps, list.parse(input([], { type: 'pm' })));
    expect(recorded.stderr).toContain('No parametric engines found');
    expect(recorded.stdout).toBe('');
  });

  it('given engines, when listing for people, then a table with names and account names is printed', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([engine()]) },
      profile: { accounts: async () => ok([account()]) },
    });
    const { deps, recorded } = testDeps(api);
    await list.run(deps, list.parse(input([])));
    expect(recorded.stdout).toMatch(/ID\s+NAME\s+TYPE\s+ACCOUNT/);
    expect(recorded.stdout).toContain('Product finder');
    expect(recorded.stdout).toContain('Acme Corp');
    expect(recorded.stdout).toContain('products.csv (v2)');
  });
});

describe('engine references', () => {
  it('given two engines with one name, when resolving it, then a usage error lists both ids', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([engine({ id: 'x1' }), engine({ id: 'x2', accountId: 'acc-2' })]) },
    });
    const error = await resolveEngine(api, 'Product finder').catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('x1 (account acc-1)');
    expect(error.message).toContain('x2 (account acc-2)');
  });

  it('given two engines with one name in one account, then the error tells them apart by creation time', async () => {
    const api = fakeApi({
      engines: {
        list: async () =>
          ok([
            engine({ id: 'x1', createdDate: '2026-11-01T09:00:00.000Z' }),
            engine({ id: 'x2', createdDate: '2026-11-20T16:30:00.000Z' }),
          ]),
      },
    });
    const error = await resolveEngine(api, 'Product finder').catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(
      "'Product finder' names 2 engines: x1 (created 2026-11-01 09:00), x2 (created 2026-11-20 16:30).",
    );
  });

  it('given an id, when resolving, then the id wins over a name', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([engine({ id: 'Product finder', searchEngineName: 'x' }), engine()]) },
    });
    expect((await resolveEngine(api, 'Product finder')).searchEngineName).toBe('x');
  });

  it('given --account and an id, when resolving, then the engine is read directly in that account', async () => {
    const api = fakeApi({
      engines: { get: async () => ok(engine()) },
      profile: { accounts: async () => ok([account()]) },
    });
    expect((await resolveEngine(api, 'eng-1', { account: 'acc-1' })).id).toBe('eng-1');
  });

  it('given --account by its exact name, when resolving an engine name, then the name is looked up in that account', async () => {
    const api = fakeApi({
      engines: {
        get: async () => refused(404, 'Search engine not found.'),
        list: async () => ok([engine({ id: 'x1' }), engine({ id: 'x2', accountId: 'acc-2' })]),
      },
      profile: { accounts: async () => ok([account(), account({ id: 'acc-2', name: 'Beta' })]) },
    });
    expect((await resolveEngine(api, 'Product finder', { account: 'Beta' })).id).toBe('x2');
    expect(api.engines.get).toHaveBeenCalledWith('Product finder', { accountId: 'acc-2' });
  });

  it('given an unknown --account, when resolving, then the account is the error, not the engine', async () => {
    const api = fakeApi({ profile: { accounts: async () => ok([account()]) } });
    await expect(resolveEngine(api, 'Product finder', { account: 'Nobody' })).rejects.toThrow(
      "No account 'Nobody' among yours.",
    );
  });

  it('given an unknown name, when resolving, then an error says so', async () => {
    const api = fakeApi({ engines: { list: async () => ok([engine()]) } });
    await expect(resolveEngine(api, 'nope')).rejects.toThrow(AbortError);
  });
});

describe('engines show', () => {
  it('given an engine name, when shown, then its details come from the engine call', async () => {
    const api = fakeApi({
      engines: {
        list: async () => ok([engine()]),
        get: async () => ok(engine({ createdBy: 'bo@acme.test' })),
      },
    });
    const { deps, recorded } = testDeps(api);
    await show.run(deps, show.parse(input(['Product finder'])));
    expect(api.engines.get).toHaveBeenCalledWith('eng-1', { accountId: 'acc-1' });
    expect(recorded.stdout).toContain('acc-1-pm-eng-1');
    expect(recorded.stdout).toContain('bo@acme.test');
  });
});

describe('engines delete', () => {
  it('given --yes without --confirm, when parsed, then it is a usage error', () => {
    expect(() => del.parse(input(['x'], { yes: true }))).toThrow(/--yes is not enough/);
  });

  it('given a confirmation that differs by case, when deleting, then nothing is deleted and the command is cancelled', async () => {
    const api = fakeApi({ engines: { list: async () => ok([engine()]) } });
    const { deps } = testDeps(api);
    const error = await del
      .run(deps, del.parse(input(['eng-1'], { confirm: 'product finder' })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect(error.message).toContain(MESSAGES.deleteConfirmationMismatch);
  });

  it('given no --confirm and no terminal, when deleting, then it asks for --confirm instead of prompting', async () => {
    const api = fakeApi({ engines: { list: async () => ok([engine()]) } });
    const { deps, prompt } = testDeps(api);
    await expect(del.run(deps, del.parse(input(['eng-1'])))).rejects.toThrow(
      /Pass --confirm "Product finder"/,
    );
    expect(prompt.asked).toEqual([]);
  });

  it('given a terminal, when the typed name matches, then the engine is deleted', async () => {
    const api = fakeApi({
      engines: {
        list: async () => ok([engine({ searchEngineType: 'kw' })]),
        delete: async () => ok({ id: 'eng-1' }),
      },
    });
    const { deps, recorded } = testDeps(api, { interactive: true, answers: ['Product finder'] });
    await del.run(deps, del.parse(input(['Product finder'])));
    expect(api.engines.delete).toHaveBeenCalledWith('eng-1', { accountId: 'acc-1' });
    expect(recorded.stderr).toContain(MESSAGES.keywordDeleteNote);
  });
});

describe('engines create parametric', () => {
  it('given a short name, when parsed, then the spec message is a usage error', () => {
    expect(() => createParametric.parse(input([], { name: 'abc', account: 'a', file: 'f.csv' }))).toThrow(
      MESSAGES.engineNameTooShort,
    );
  });

  it('given a CSV and --publish, when run, then upload → preview → create → create-and-publish with the inferred configuration', async () => {
    const file = await csvFile();
    const api = fakeApi({
      parametric: {
        importFile: async () => ok(imported(1)),
        preview: async () => ok({ rows: [{ name: 'A', price: 1 }], configuration }),
        createAndPublish: async () => ok({ clientId: 'cli-1' }),
      },
      engines: { create: async () => ok({ documentId: 'eng-9', synonymFieldId: null, clientId: 'cli-1' }) },
      profile: { accounts: async () => ok([account()]) },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    await createParametric.run(
      deps,
      createParametric.parse(input([], { name: 'Product finder', account: 'acc-1', file, publish: true })),
    );
    const [upload, options] = (api.parametric.importFile as any).mock.calls[0];
    expect(upload).toMatchObject({ accountId: 'acc-1', filename: 'products.csv' });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(api.parametric.preview).toHaveBeenCalledWith('imp-1', { lines: 5 });
    expect(api.engines.create).toHaveBeenCalledWith({
      searchEngineType: 'pm',
      accountId: 'acc-1',
      searchEngineName: 'Product finder',
      searchEngineDetail: { importId: 'imp-1' },
    });
    const published = (api.parametric.createAndPublish as any).mock.calls[0][0];
    expect(published).toMatchObject({
      spreadsheetId: 'imp-1',
      engineId: 'eng-9',
      accountId: 'acc-1',
      version: 1,
      clientId: 'cli-1',
    });
    expect(Object.keys(published.configuration.columns)).toEqual(['name', 'price']);
    const printed = JSON.parse(recorded.stdout);
    expect(printed).toMatchObject({
      id: 'eng-9',
      engineId: 'eng-9',
      clientId: 'cli-1',
      accountId: 'acc-1',
      published: true,
      version: 1,
    });
    expect(printed.columns.map((c: { label: string }) => c.label)).toEqual(['Name', 'Price']);
  });

  /** The calls of a create without --publish, in the one account of the user. */
  const unpublishedCreateApi = () =>
    fakeApi({
      parametric: {
        importFile: async () => ok(imported(1)),
        preview: async () => ok({ rows: [], configuration }),
        saveConfig: async (body: any) => ok(body.configuration),
      },
      engines: { create: async () => ok({ documentId: 'eng-9', synonymFieldId: null, clientId: 'cli-1' }) },
      profile: { accounts: async () => ok([account()]) },
    });

  it('given a --config file and no --publish, when run, then that configuration is saved, not published', async () => {
    const file = await csvFile();
    const configPath = join(file, '..', 'config.json');
    await writeFile(
      configPath,
      JSON.stringify({ ...configuration, columns: { name: configuration.columns.name } }),
    );
    const api = unpublishedCreateApi();
    const { deps, recorded } = testDeps(api);
    await createParametric.run(
      deps,
      createParametric.parse(
        input([], { name: 'Product finder', account: 'acc-1', file, config: configPath }),
      ),
    );
    const saved = (api.parametric.saveConfig as any).mock.calls[0][0];
    expect(Object.keys(saved.configuration.columns)).toEqual(['name']);
    expect(recorded.stderr).toContain('Inferred columns');
    expect(recorded.stderr).toContain('Decimal');
    expect(recorded.stdout.trim()).toBe('eng-9');
  });

  it('given a publish the server refuses after the engine is made, then the error comes after a warning naming the engine and how to finish it', async () => {
    const file = await csvFile();
    const api = fakeApi({
      parametric: {
        importFile: async () => ok(imported(1)),
        preview: async () => ok({ rows: [], configuration }),
        createAndPublish: async () => refused(400, "Row 5, column 'Price': 'n/a' is not a number."),
      },
      engines: { create: async () => ok({ documentId: 'eng-9', synonymFieldId: null, clientId: 'cli-1' }) },
      profile: { accounts: async () => ok([account()]) },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    const run = createParametric.run(
      deps,
      createParametric.parse(input([], { name: 'Product finder', account: 'acc-1', file, publish: true })),
    );
    await expect(run).rejects.toThrow(/Publishing the engine: Row 5/);
    expect(recorded.stdout).toBe('');
    expect(recorded.stderr).toContain(
      'Created parametric engine Product finder (eng-9), but it was not published: `siteseer engines config eng-9 --set CONFIG.json --publish` finishes it',
    );
  });

  it('given the file of a deleted engine of that name (the key gives its file back), then it is uploaded again and the engine made', async () => {
    const file = await csvFile();
    let uploads = 0;
    const api = fakeApi({
      parametric: {
        importFile: async () => ok({ ...imported(1), importId: ++uploads === 1 ? 'imp-stale' : 'imp-new' }),
        preview: async () => ok({ rows: [], configuration }),
        createAndPublish: async () => ok({ clientId: 'cli-9' }),
      },
      engines: {
        // The server keeps the stale file bound to the deleted engine.
        create: async (draft: any) =>
          draft.searchEngineDetail.importId === 'imp-stale'
            ? refused(409, 'This spreadsheet belongs to another search engine.')
            : ok({ documentId: 'eng-9', synonymFieldId: null, clientId: 'cli-9' }),
        list: async () => ok([]),
      },
      profile: { accounts: async () => ok([account()]) },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    await createParametric.run(
      deps,
      createParametric.parse(input([], { name: 'Product finder', account: 'acc-1', file, publish: true })),
    );
    const keys = (api.parametric.importFile as any).mock.calls.map((call: any) => call[1].idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect((api.parametric.createAndPublish as any).mock.calls[0][0]).toMatchObject({
      spreadsheetId: 'imp-new',
      engineId: 'eng-9',
    });
    expect(JSON.parse(recorded.stdout)).toMatchObject({
      engineId: 'eng-9',
      importId: 'imp-new',
      published: true,
    });
    expect(recorded.stderr).toContain(
      'products.csv was uploaded for an earlier engine named Product finder, which is gone: uploading it again.',
    );
  });

  it('given no --account and one account, when created, then the engine is made in that account', async () => {
    const file = await csvFile();
    const api = unpublishedCreateApi();
    const { deps, recorded } = testDeps(api, { json: true });
    await createParametric.run(deps, createParametric.parse(input([], { name: 'Product finder', file })));
    expect((api.parametric.importFile as any).mock.calls[0][0]).toMatchObject({ accountId: 'acc-1' });
    expect(JSON.parse(recorded.stdout)).toMatchObject({ engineId: 'eng-9', accountId: 'acc-1' });
  });

  it('given no --account and two accounts, when created, then a usage error lists them and nothing is sent', async () => {
    const file = await csvFile();
    const api = fakeApi({
      profile: { accounts: async () => ok([account(), account({ id: 'acc-2', name: 'Beta' })]) },
    });
    const { deps } = testDeps(api);
    const error = await createParametric
      .run(deps, createParametric.parse(input([], { name: 'Product finder', file })))
      .catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('Acme Corp (acc-1), Beta (acc-2)');
  });

  it('given a file the server refuses, when run, then the server text is the message', async () => {
    const file = await csvFile();
    const api = fakeApi({
      parametric: { importFile: async () => refused(400, 'Row 3 has 4 cells; the header has 2.') },
      profile: { accounts: async () => ok([account()]) },
    });
    const { deps } = testDeps(api);
    await expect(
      createParametric.run(
        deps,
        createParametric.parse(input([], { name: 'Product finder', account: 'acc-1', file })),
      ),
    ).rejects.toThrow('Row 3 has 4 cells; the header has 2.');
  });

  it('given a .txt file, when run, then nothing is sent and the upload rule message is shown', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'siteseer-cli-'));
    const file = join(dir, 'data.txt');
    await writeFile(file, 'x');
    const { deps } = testDeps(fakeApi({}));
    await expect(
      createParametric.run(
        deps,
        createParametric.parse(input([], { name: 'Product finder', account: 'a', file })),
      ),
    ).rejects.toThrow(MESSAGES.fileTypeCsvXlsx);
  });

  it('given an empty file or a bad --config, when run, then it is a usage error (exit 2) and nothing is sent', async () => {
    const empty = await csvFile('');
    const { deps } = testDeps(fakeApi({}));
    const run = (opts: Record<string, unknown>) =>
      createParametric
        .run(deps, createParametric.parse(input([], { name: 'Product finder', account: 'a', ...opts })))
        .catch((e) => e);
    expect(await run({ file: empty })).toBeInstanceOf(UsageError);
    const file = await csvFile();
    const config = join(file, '..', 'bad-config.json');
    await writeFile(config, JSON.stringify({ columns: 3 }));
    expect(await run({ file, config })).toBeInstanceOf(UsageError);
  });
});

describe('engines with an API key (the data-source API)', () => {
  it('given --config, when creating, then it is refused before anything is sent (a key cannot save a configuration)', async () => {
    const file = await csvFile();
    const configPath = join(file, '..', 'config.json');
    await writeFile(configPath, JSON.stringify(configuration));
    const api = fakeApi({ datasource: { createParametric: async () => ok({}) } });
    const { deps } = testDeps(api, { json: true });
    deps.auth = 'apiKey';
    const refused = await createParametric
      .run(
        deps,
        createParametric.parse(
          input([], { name: 'CI catalogue', account: 'acc-1', file, config: configPath, publish: true }),
        ),
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toContain('An API key cannot apply --config');
    expect((api.datasource.createParametric as any).mock.calls).toEqual([]);
  });

  it('given an engine id, when uploading, then the data-source call carries the idempotency key; lookups are refused', async () => {
    const file = await csvFile();
    const api = fakeApi({
      engines: { list: async () => ok([engine({ id: 'eng-7', createdBy: 'INGEST_API' })]) },
      datasource: {
        uploadParametric: async () =>
          ok({ engineId: 'eng-7', clientId: 'c', importId: 'i', version: 2, published: true, rowCount: 3 }),
      },
    });
    const { deps } = testDeps(api);
    deps.auth = 'apiKey';
    await upload.run(deps, upload.parse(input(['eng-7'], { file, publish: true })));
    const [id, fields, options] = (api.datasource.uploadParametric as any).mock.calls[0];
    expect([id, fields.publish]).toEqual(['eng-7', 'true']);
    expect(options.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    await expect(history.run(deps, history.parse(input(['eng-7'])))).rejects.toThrow(
      /An API key cannot look engines up/,
    );
  });
});

describe('upload warnings with an API key', () => {
  it("given the data-source answer's warnings, when creating or uploading, then they are shown on stderr or kept in the JSON", async () => {
    const file = await csvFile();
    const warnings = ['Numbers in the column Price were rewritten with a dot.'];
    const api = fakeApi({
      engines: { list: async () => ok([engine({ id: 'eng-7', createdBy: 'INGEST_API' })]) },
      clients: {
        byEngineIds: async () =>
          ok([
            { id: 'cli-7', engineId: 'eng-7', accountId: 'acc-1', type: 'pm', indexName: 'i', settings: {} },
          ]),
      },
      datasource: {
        createParametric: async () =>
          ok({
            engineId: 'eng-7',
            clientId: 'cli-7',
            importId: 'i',
            version: 1,
            published: true,
            rowCount: 3,
            warnings,
          }),
        uploadParametric: async () =>
          ok({
            engineId: 'eng-7',
            clientId: 'cli-7',
            importId: 'i',
            version: 2,
            published: true,
            rowCount: 3,
            warnings,
          }),
      },
      parametric: { getConfig: async () => ok(configuration) },
    });
    const people = testDeps(api);
    people.deps.auth = 'apiKey';
    await createParametric.run(
      people.deps,
      createParametric.parse(input([], { name: 'CI catalogue', file, publish: true })),
    );
    expect(people.recorded.stderr).toContain(`! ${warnings[0]}\n`);
    expect(people.recorded.stdout).toBe('eng-7\n');
    const piped = testDeps(api, { json: true });
    piped.deps.auth = 'apiKey';
    await upload.run(piped.deps, upload.parse(input(['eng-7'], { file })));
    expect(JSON.parse(piped.recorded.stdout).warnings).toEqual(warnings);
  });
});

describe('engines upload with an API key and a name', () => {
  it('given the engine name, when uploading, then a usage error names its id before anything is sent', async () => {
    const file = await csvFile();
    const api = fakeApi({ engines: { list: async () => ok([engine({ id: 'eng-7' })]) } });
    const { deps } = testDeps(api);
    deps.auth = 'apiKey';
    const error = await upload.run(deps, upload.parse(input(['Product finder'], { file }))).catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain(
      "An API key needs the engine's id, not its name: 'Product finder' is eng-7.",
    );
    expect(error.hint).toContain('.engineId');
  });
});

describe('engines upload', () => {
  it('given the same file twice, when uploading, then both carry the same Idempotency-Key derived from engine and file', async () => {
    const file = await csvFile();
    const api = fakeApi({
      engines: { list: async () => ok([engine()]) },
      clients: engineClients,
      parametric: {
        updateFile: async () => ok(imported(3)),
        history: async () => ok([1, 2, 3].map((v) => ({ ...imported(v), version: v }))),
      },
    });
    const { deps } = testDeps(api);
    await upload.run(deps, upload.parse(input(['Product finder'], { file })));
    await upload.run(deps, upload.parse(input(['Product finder'], { file })));
    const calls = (api.parametric.updateFile as any).mock.calls;
    expect(calls[0][0]).toBe('imp-1');
    expect(calls[0][2].idempotencyKey).toBe(calls[1][2].idempotencyKey);
    const other = idempotencyKey('eng-2', 'abc');
    expect(other).not.toBe(idempotencyKey('eng-1', 'abc'));
  });

  it('given --publish, when uploading, then the new version is published with the saved configuration', async () => {
    const file = await csvFile();
    const api = fakeApi({
      engines: { list: async () => ok([engine()]) },
      clients: engineClients,
      parametric: {
        updateFile: async () => ok(imported(3)),
        history: async () => ok([1, 2, 3].map((v) => ({ ...imported(v), version: v }))),
        preview: async () => ok({ rows: [], configuration }),
        createAndPublish: async () => ok({ clientId: 'cli-1' }),
      },
    });
    const { deps, recorded } = testDeps(api);
    await upload.run(deps, upload.parse(input(['eng-1'], { file, publish: true })));
    expect(api.parametric.preview).toHaveBeenCalledWith('imp-1', { lines: 5, clientId: 'cli-1' });
    expect((api.parametric.createAndPublish as any).mock.calls[0][0]).toMatchObject({
      version: 3,
      clientId: 'cli-1',
    });
    expect(recorded.stderr).toContain('Published version 3');
  });

  it('given the file of the live latest version again, then it says nothing new was stored and the version is live, not to publish it', async () => {
    const file = await csvFile();
    const live = engine({
      searchEngineDetail: { originalFileName: 'products.csv', uploadDate: T0, importId: 'imp-1', version: 3 },
    });
    const api = fakeApi({
      engines: { list: async () => ok([live]) },
      clients: engineClients,
      parametric: {
        updateFile: async () => ok(imported(3)),
        history: async () => ok([1, 2, 3].map((v) => ({ ...imported(v), version: v }))),
      },
    });
    const { deps, recorded } = testDeps(api);
    await upload.run(deps, upload.parse(input(['eng-1'], { file })));
    expect(recorded.stderr).toContain('is the same file as version 3 of Product finder');
    expect(recorded.stderr).toContain('Version 3 is live already.');
    expect(recorded.stderr).not.toContain('Uploaded products.csv as version 3');
    expect(recorded.stderr).not.toContain('Not published');
    const piped = testDeps(api, { json: true });
    await upload.run(piped.deps, upload.parse(input(['eng-1'], { file })));
    expect(JSON.parse(piped.recorded.stdout)).toMatchObject({ version: 3, published: true });
  });

  it('given a new file, then it is uploaded as the next version and not published without --publish', async () => {
    const file = await csvFile();
    const api = fakeApi({
      engines: { list: async () => ok([engine()]) },
      clients: engineClients,
      parametric: {
        updateFile: async () => ok(imported(3)),
        history: async () => ok([1, 2].map((v) => ({ ...imported(v), version: v }))),
      },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    await upload.run(deps, upload.parse(input(['eng-1'], { file })));
    expect(JSON.parse(recorded.stdout)).toMatchObject({ version: 3, published: false });
    expect(recorded.stderr).not.toContain('same file');
    const people = testDeps(api);
    await upload.run(people.deps, upload.parse(input(['eng-1'], { file })));
    expect(people.recorded.stderr).toContain(
      'Uploaded products.csv as version 3 of Product finder (3 rows).',
    );
    expect(people.recorded.stderr).toContain(
      'Not published: run `siteseer engines publish eng-1 --version 3`.',
    );
  });

  it("given the server's warnings about the file, then people see each on stderr and --json keeps them", async () => {
    const file = await csvFile();
    const warnings = ['Only the first sheet (Prices) was read.', 'The header "" was renamed to "Column 3".'];
    const api = fakeApi({
      engines: { list: async () => ok([engine()]) },
      clients: engineClients,
      parametric: {
        updateFile: async () => ok({ ...imported(3), warnings }),
        history: async () => ok([1, 2].map((v) => ({ ...imported(v), version: v }))),
      },
    });
    const people = testDeps(api);
    await upload.run(people.deps, upload.parse(input(['eng-1'], { file })));
    expect(people.recorded.stderr).toContain(`! ${warnings[0]}\n! ${warnings[1]}\n`);
    expect(people.recorded.stdout).not.toContain('sheet');
    const piped = testDeps(api, { json: true });
    await upload.run(piped.deps, upload.parse(input(['eng-1'], { file })));
    expect(JSON.parse(piped.recorded.stdout).warnings).toEqual(warnings);
    expect(piped.recorded.stderr).not.toContain('sheet');
  });

  it('given an upload answer without warnings, then --json has an empty warnings list', async () => {
    const file = await csvFile();
    const api = fakeApi({
      engines: { list: async () => ok([engine()]) },
      clients: engineClients,
      parametric: {
        updateFile: async () => ok(imported(3)),
        history: async () => ok([1, 2].map((v) => ({ ...imported(v), version: v }))),
      },
    });
    const piped = testDeps(api, { json: true });
    await upload.run(piped.deps, upload.parse(input(['eng-1'], { file })));
    expect(JSON.parse(piped.recorded.stdout).warnings).toEqual([]);
  });

  it('given an engine made by the data-source API, when uploading, then the spec message refuses it', async () => {
    const file = await csvFile();
    const api = fakeApi({ engines: { list: async () => ok([engine({ createdBy: 'INGEST_API' })]) } });
    const { deps } = testDeps(api);
    await expect(upload.run(deps, upload.parse(input(['eng-1'], { file })))).rejects.toThrow(
      MESSAGES.apiEngineActionUnsupported,
    );
  });

  it('given a keyword engine, when uploading, then it is refused', async () => {
    const file = await csvFile();
    const api = fakeApi({ engines: { list: async () => ok([engine({ searchEngineType: 'kw' })]) } });
    const { deps } = testDeps(api);
    await expect(upload.run(deps, upload.parse(input(['eng-1'], { file })))).rejects.toThrow(
      /keyword engine/,
    );
  });
});

describe('engines publish and history', () => {
  const withHistory = () =>
    fakeApi({
      engines: { list: async () => ok([engine()]) },
      clients: engineClients,
      parametric: {
        history: async () =>
          ok([
            { originalFileName: 'a.csv', uploadDate: T0, version: 1 },
            {
              originalFileName: 'b.csv',
              uploadDate: T0,
              version: 2,
              rowCount: 1200,
              uploadedBy: 'ann@acme.test',
            },
            { originalFileName: 'c.csv', uploadDate: T0, version: 3, rowCount: 0, uploadedBy: 'INGEST_API' },
          ]),
        publish: async (body: any) => ok({ engineId: body.engineId, version: body.version }),
      },
    });

  it('given no --version, when publishing, then the latest upload is published', async () => {
    const api = withHistory();
    const { deps } = testDeps(api);
    await publish.run(deps, publish.parse(input(['eng-1'])));
    expect(api.parametric.publish).toHaveBeenCalledWith({
      version: 3,
      accountId: 'acc-1',
      engineId: 'eng-1',
      clientId: 'cli-1',
    });
  });

  it('given --version 0, when parsed, then it is a usage error', () => {
    expect(() => publish.parse(input(['eng-1'], { version: '0' }))).toThrow(UsageError);
  });

  it('given three versions, when listing the history as JSON, then newest first with the live one marked', async () => {
    const { deps, recorded } = testDeps(withHistory(), { json: true });
    await history.run(deps, history.parse(input(['eng-1'])));
    const printed = JSON.parse(recorded.stdout);
    expect(printed.map((e: { version: number }) => e.version)).toEqual([3, 2, 1]);
    expect(printed.find((e: { live: boolean }) => e.live).version).toBe(2);
    expect(printed.map((e: { rowCount: number | null }) => e.rowCount)).toEqual([0, 1200, null]);
    expect(printed.map((e: { uploadedBy: string | null }) => e.uploadedBy)).toEqual([
      'INGEST_API',
      'ann@acme.test',
      null,
    ]);
  });

  it('given three versions, when listing the history as a table, then rows and uploader have columns, empty when unknown', async () => {
    const { deps, recorded } = testDeps(withHistory());
    await history.run(deps, history.parse(input(['eng-1'])));
    const lines = recorded.stdout.trimEnd().split('\n');
    expect(lines[0]?.split(/\s{2,}/)).toEqual(['VERSION', 'FILE', 'UPLOADED', 'ROWS', 'UPLOADED BY', 'LIVE']);
    expect(lines[1]?.split(/\s{2,}/)).toEqual(['3', 'c.csv', expect.any(String), '0', 'INGEST_API']);
    expect(lines[2]?.split(/\s{2,}/)).toEqual([
      '2',
      'b.csv',
      expect.any(String),
      '1200',
      'ann@acme.test',
      'yes',
    ]);
    expect(lines[3]?.split(/\s{2,}/)).toEqual(['1', 'a.csv', expect.any(String)]);
  });
});

describe('engines snippet and download', () => {
  it('given an engine, when asking for the head part, then only the script is printed', async () => {
    const api = fakeApi({
      engines: { list: async () => ok([engine()]) },
      clients: {
        byEngineIds: async () =>
          ok([
            { id: 'cli-1', engineId: 'eng-1', accountId: 'acc-1', type: 'pm', indexName: 'i', settings: {} },
          ]),
        snippet: async () => ok({ head: '<script src="w.js"></script>', body: '<div id="ss"></div>' }),
      },
    });
    const { deps, recorded } = testDeps(api);
    await snippet.run(deps, snippet.parse(input(['eng-1'], { part: 'head' })));
    expect(api.clients.snippet).toHaveBeenCalledWith('cli-1', 'pm');
    expect(recorded.stdout).toBe('<script src="w.js"></script>\n');
  });

  it("given a keyword engine, then the body part is named for the search box and the results, as the install page's Input tag and Results tag", async () => {
    const body =
      '<input type="search" id="siteseer-search-input" aria-label="Search">\n<div data-siteseer-results></div>';
    const api = fakeApi({
      engines: { list: async () => ok([engine({ searchEngineType: 'kw', urls: ['https://docs.test/'] })]) },
      clients: {
        byEngineIds: async () =>
          ok([
            { id: 'cli-1', engineId: 'eng-1', accountId: 'acc-1', type: 'kw', indexName: 'i', settings: {} },
          ]),
        snippet: async () => ok({ head: '<script src="w.js"></script>', body }),
      },
    });
    const { deps, recorded } = testDeps(api);
    await snippet.run(deps, snippet.parse(input(['eng-1'], {})));
    expect(api.clients.snippet).toHaveBeenCalledWith('cli-1', 'kw');
    expect(recorded.stdout).toBe(
      [
        '<!-- Script: put this in the page head -->',
        '<script src="w.js"></script>',
        '',
        '<!-- Input tag and Results tag: put the input where the search box goes, the results element where the results go -->',
        body,
        '',
      ].join('\n'),
    );
  });

  it('given an existing file, when downloading without --clobber, then it is not overwritten', async () => {
    const target = await csvFile('old');
    const api = fakeApi({
      engines: {
        list: async () => ok([engine()]),
        download: async () => ({ ...ok(new Blob(['escaped'])), headers: new Headers() }),
      },
      parametric: { download: async () => ({ ...ok(new Blob(['original'])), headers: new Headers() }) },
    });
    const { deps } = testDeps(api);
    await expect(download.run(deps, download.parse(input(['eng-1'], { output: target })))).rejects.toThrow(
      /already exists/,
    );
    // By default the dataset export, its cells escaped by the server.
    await download.run(
      deps,
      download.parse(input(['eng-1'], { output: target, clobber: true, version: '2', format: 'XLSX' })),
    );
    expect(await readFile(target, 'utf8')).toBe('escaped');
    expect(api.engines.download).toHaveBeenLastCalledWith('eng-1', 'xlsx', {
      accountId: 'acc-1',
      version: 2,
    });
    // --original: the uploaded file as it was.
    await download.run(
      deps,
      download.parse(input(['eng-1'], { output: target, clobber: true, version: '2', original: true })),
    );
    expect(await readFile(target, 'utf8')).toBe('original');
    expect(api.parametric.download).toHaveBeenLastCalledWith({
      engineId: 'eng-1',
      accountId: 'acc-1',
      version: 2,
    });
    expect(() => download.parse(input(['eng-1'], { format: 'pdf' }))).toThrow(
      "--format must be csv or xlsx (got 'pdf').",
    );
  });

  it('given -o naming a directory or a file in a missing folder, then a usage error names it', async () => {
    const api = fakeApi({
      engines: {
        list: async () => ok([engine()]),
        download: async () => ({ ...ok(new Blob(['escaped'])), headers: new Headers() }),
      },
    });
    const { deps } = testDeps(api);
    const dir = await mkdtemp(join(tmpdir(), 'siteseer-cli-'));
    const intoDir = download.run(deps, download.parse(input(['eng-1'], { output: dir, clobber: true })));
    await expect(intoDir).rejects.toThrow(UsageError);
    await expect(intoDir).rejects.toThrow(`${dir} is a directory.`);
    const missing = join(dir, 'missing', 'out.csv');
    const intoMissing = download.run(deps, download.parse(input(['eng-1'], { output: missing })));
    await expect(intoMissing).rejects.toThrow(UsageError);
    await expect(intoMissing).rejects.toThrow(
      `Cannot write ${missing}: the folder ${join(dir, 'missing')} does not exist.`,
    );
  });

  it('given no --version and --json, then the JSON names the published version it downloaded', async () => {
    const api = fakeApi({
      engines: {
        list: async () => ok([engine()]),
        download: async () => ({ ...ok(new Blob(['escaped'])), headers: new Headers() }),
      },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    const target = join(await mkdtemp(join(tmpdir(), 'siteseer-cli-')), 'out.csv');
    await download.run(deps, download.parse(input(['eng-1'], { output: target })));
    expect(JSON.parse(recorded.stdout)).toEqual({ file: target, bytes: 7, version: 2 });
  });

  it('given -o - and --json, then a usage error says so before anything is sent, and stdout stays empty', async () => {
    const api = fakeApi({
      engines: {
        list: async () => ok([engine()]),
        download: async () => ({ ...ok(new Blob(['name,price\n'])), headers: new Headers() }),
      },
    });
    const { deps, recorded } = testDeps(api, { json: true });
    const run = download.run(deps, download.parse(input(['eng-1'], { output: '-' })));
    await expect(run).rejects.toThrow(UsageError);
    await expect(run).rejects.toThrow('--json cannot be used with -o -: the file itself goes to stdout.');
    expect(api.engines.list).not.toHaveBeenCalled();
    expect(api.engines.download).not.toHaveBeenCalled();
    expect(recorded.stdout).toBe('');
  });

  it('reads file names from Content-Disposition', () => {
    expect(download.dispositionFileName('attachment; filename="products v2.csv"')).toBe('products v2.csv');
    expect(download.dispositionFileName("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(download.dispositionFileName(null)).toBeUndefined();
  });
});
