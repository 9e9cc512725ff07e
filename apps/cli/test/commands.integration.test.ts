import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@siteseer/core';
import {
  type Actor,
  createEngine,
  keywordDraft,
  products,
  startWithTenants,
  type Tenants,
  toCsv,
} from '@siteseer/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, json, runCli, tempConfigDir } from './run-cli.ts';

let tenants: Tenants;
let configDir: string;
let work: string;

beforeAll(async () => {
  tenants = await startWithTenants();
  configDir = await tempConfigDir();
  work = await mkdtemp(join(tmpdir(), 'siteseer-cli-work-'));
});
afterAll(async () => {
  await tenants?.server.close();
});

/** Runs the CLI as `who` with SITESEER_SERVER + SITESEER_TOKEN (no keyring, no TTY, no saved login). */
function as(who: Actor, args: string[]): Promise<CliResult> {
  return runCli(args, {
    configDir,
    cwd: work,
    env: { SITESEER_SERVER: tenants.server.base, SITESEER_TOKEN: who.token },
  });
}

function withKey(key: string, args: string[]): Promise<CliResult> {
  return runCli(args, {
    configDir,
    cwd: work,
    env: { SITESEER_SERVER: tenants.server.base, SITESEER_API_KEY: key },
  });
}

/** The keys of `engines upload --json` (and, with `columns`, of `engines create parametric --json`). */
const UPLOAD_KEYS = [
  'accountId',
  'clientId',
  'engineId',
  'id',
  'importId',
  'name',
  'originalFileName',
  'published',
  'rowCount',
  'version',
  'warnings',
];
const CREATE_KEYS = [...UPLOAD_KEYS, 'columns'].sort();

async function csv(name: string, count: number): Promise<string> {
  const path = join(work, name);
  await writeFile(path, toCsv(products(count)));
  return path;
}

describe('--version and errors', () => {
  it('prints the version quickly', async () => {
    const result = await runCli(['--version'], { configDir });
    expect(result.stdout).toBe('0.1.0\n');
    expect(result.code).toBe(0);
    // Informational: the whole child process, measured under the test load.
    console.info(`siteseer --version took ${Math.round(result.ms)} ms (process spawn included)`);
  });

  it('given no server and no credentials, when calling the API, then exit 4 with one line', async () => {
    const result = await runCli(['engines', 'list'], { configDir: await tempConfigDir() });
    expect(result.code).toBe(4);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('given a token the server refuses, then exit 4; with --verbose the problem document follows', async () => {
    const result = await runCli(['engines', 'list', '--verbose'], {
      configDir,
      env: { SITESEER_SERVER: tenants.server.base, SITESEER_TOKEN: 'nope' },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: The server refused the credentials/m);
    expect(result.stderr).toContain('"status": 401');
  });

  it('given an unknown option, then exit 2', async () => {
    const result = await as(tenants.ownerA, ['engines', 'list', '--colour']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--colour'");
  });
});

describe('engines against the real server', () => {
  it('given a keyword engine, when listed, shown and deleted with a wrong then the right --confirm, then only the exact name deletes it', async () => {
    const { documentId } = await createEngine(
      tenants.server,
      tenants.ownerA,
      keywordDraft(tenants.accountA, 'Docs search'),
    );
    const listed = await as(tenants.ownerA, ['engines', 'list', '--type', 'keyword', '--json']);
    expect(listed.code).toBe(0);
    expect(json(listed).map((e: { id: string }) => e.id)).toContain(documentId);
    // A keyword engine shows its sites and crawler settings, and no parametric file.
    const listedKw = json(listed).find((e: { id: string }) => e.id === documentId);
    expect(listedKw).toMatchObject({ urls: ['https://example.com/'], crawlFrequency: expect.any(String) });
    expect(Object.keys(listedKw)).not.toContain('searchEngineDetail');
    expect(Object.keys(listedKw)).not.toContain('savedSpreadsheetId');

    const table = await as(tenants.ownerA, ['engines', 'list']);
    expect(table.stdout).toMatch(/ID\s+NAME\s+TYPE\s+ACCOUNT/);
    expect(table.stdout).toContain('Docs search');

    const shown = await as(tenants.ownerA, ['engines', 'show', 'Docs search', '--json']);
    expect(json(shown)).toMatchObject({
      id: documentId,
      searchEngineType: 'kw',
      urls: ['https://example.com/'],
    });

    // Another tenant cannot see it.
    expect((await as(tenants.ownerB, ['engines', 'show', documentId])).code).toBe(1);

    const noConfirm = await as(tenants.ownerA, ['engines', 'delete', 'Docs search']);
    expect(noConfirm.code).toBe(2);
    expect(noConfirm.stderr).toContain('Pass --confirm "Docs search"');

    const yes = await as(tenants.ownerA, ['engines', 'delete', 'Docs search', '--yes']);
    expect(yes.code).toBe(2);

    const wrong = await as(tenants.ownerA, ['engines', 'delete', 'Docs search', '--confirm', 'docs search']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Type the name exactly as shown to confirm.');
    expect((await as(tenants.ownerA, ['engines', 'show', documentId])).code).toBe(0);

    const right = await as(tenants.ownerA, [
      'engines',
      'delete',
      'Docs search',
      '--confirm',
      'Docs search',
      '--json',
    ]);
    expect(right.code).toBe(0);
    expect(json(right)).toEqual({ id: documentId, name: 'Docs search', deleted: true });
    expect((await as(tenants.ownerA, ['engines', 'show', documentId])).code).toBe(1);
  });

  it('given two engines with one name, when referring to it, then the error lists both ids (exit 2)', async () => {
    const one = await createEngine(
      tenants.server,
      tenants.ownerA,
      keywordDraft(tenants.accountA, 'Twin engine'),
    );
    const superAdmin = tenants.superAdmin;
    const two = await createEngine(tenants.server, superAdmin, keywordDraft(tenants.accountB, 'Twin engine'));
    const result = await as(superAdmin, ['engines', 'show', 'Twin engine']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(one.documentId);
    expect(result.stderr).toContain(two.documentId);
    const narrowed = await as(superAdmin, [
      'engines',
      'show',
      'Twin engine',
      '--account',
      tenants.accountB,
      '--json',
    ]);
    expect(json(narrowed).id).toBe(two.documentId);
    const byName = await as(superAdmin, [
      'engines',
      'show',
      'Twin engine',
      '--account',
      'Tenant B',
      '--json',
    ]);
    expect(byName.code, byName.stderr).toBe(0);
    expect(json(byName).id).toBe(two.documentId);
  });

  it('given --account by name or unknown, when listing engines, then the name is resolved and an unknown one is an error', async () => {
    await createEngine(tenants.server, tenants.ownerB, keywordDraft(tenants.accountB, 'B site search'));
    const listed = await as(tenants.superAdmin, ['engines', 'list', '--account', 'Tenant B', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const accounts = new Set(json(listed).map((e: { accountId: string }) => e.accountId));
    expect([...accounts]).toEqual([tenants.accountB]);
    const unknown = await as(tenants.superAdmin, ['engines', 'list', '--account', 'nonexistent']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account 'nonexistent' among yours.");
    const file = await csv('unknown-account.csv', 3);
    const create = await as(tenants.ownerA, [
      'engines',
      'create',
      'parametric',
      '--name',
      'Nowhere finder',
      '--account',
      'nonexistent',
      '--file',
      file,
    ]);
    expect(create.code).toBe(1);
    expect(create.stderr).toContain("No account 'nonexistent'");
    expect(create.stderr).not.toContain('Uploading');
  });

  it('given a CSV, when a parametric engine is created, published, updated, configured and downloaded, then each step shows in JSON', async () => {
    const v1 = await csv('products.csv', 40);
    const create = [
      'engines',
      'create',
      'parametric',
      '--name',
      'Product finder',
      '--account',
      tenants.accountA,
      '--file',
      v1,
      '--publish',
      '--json',
    ];
    const created = await as(tenants.ownerA, create);
    expect(created.code, created.stderr).toBe(0);
    // Piped: a line instead of the progress bar, and no escape codes at all.
    expect(created.stderr).toContain('Uploading products.csv');
    expect(created.stderr).not.toContain(String.fromCharCode(27));
    const engine = json(created);
    expect(engine).toMatchObject({ name: 'Product finder', version: 1, rowCount: 40, published: true });
    expect(Object.keys(engine).sort()).toEqual(CREATE_KEYS);
    expect(engine.columns.map((c: { label: string }) => c.label)).toEqual([
      'SKU',
      'Name',
      'Category',
      'Price',
      'Stock',
      'Active',
      'Image',
      'Link',
    ]);

    // Listed and shown, a parametric engine has its file and none of the keyword engines' fields.
    const listed = await as(tenants.ownerA, ['engines', 'list', '--type', 'parametric', '--json']);
    const shown = await as(tenants.ownerA, ['engines', 'show', engine.engineId, '--json']);
    // The list adds each engine's health (the dashboard's cards); one engine shown has none.
    const { health, ...listedPm } = json(listed).find((e: { id: string }) => e.id === engine.engineId);
    expect(health).toMatchObject({ state: 'live' });
    for (const pm of [listedPm, json(shown)]) {
      expect(Object.keys(pm).sort()).toEqual([
        'accountId',
        'createdBy',
        'createdDate',
        'id',
        'savedSpreadsheetId',
        'searchEngineDetail',
        'searchEngineName',
        'searchEngineType',
        'updatedBy',
        'updatedDate',
      ]);
      expect(pm.searchEngineDetail).toMatchObject({ originalFileName: 'products.csv', version: 1 });
    }

    // The same create run again (a retried CI step): the first run's engine, no second one.
    const recreated = await as(tenants.ownerA, create);
    expect(recreated.code, recreated.stderr).toBe(0);
    expect(json(recreated)).toMatchObject({ engineId: engine.engineId, version: 1, published: true });
    expect(recreated.stderr).toContain('already created from this file by an earlier run');
    const named = json(await as(tenants.ownerA, ['engines', 'list', '--json'])).filter(
      (e: { searchEngineName: string }) => e.searchEngineName === 'Product finder',
    );
    expect(named).toHaveLength(1);

    const v2 = await csv('products-v2.csv', 55);
    const upload = () => as(tenants.ownerA, ['engines', 'upload', 'Product finder', '--file', v2, '--json']);
    const first = await upload();
    expect(first.code, first.stderr).toBe(0);
    expect(json(first)).toMatchObject({
      engineId: engine.engineId,
      clientId: engine.clientId,
      version: 2,
      rowCount: 55,
      published: false,
    });
    expect(Object.keys(json(first)).sort()).toEqual(UPLOAD_KEYS);
    // The retried CI step: same file, same engine, same Idempotency-Key, stored once.
    const retried = await upload();
    expect(json(retried).version).toBe(2);

    const history = await as(tenants.ownerA, ['engines', 'history', 'Product finder', '--json']);
    type Entry = { version: number; live: boolean; rowCount: number; uploadedBy: string };
    expect(json(history).map((h: Entry) => [h.version, h.live, h.rowCount, h.uploadedBy])).toEqual([
      [2, false, 55, tenants.ownerA.email],
      [1, true, 40, tenants.ownerA.email],
    ]);
    const table = await as(tenants.ownerA, ['engines', 'history', 'Product finder']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]?.split(/\s{2,}/)).toEqual(['VERSION', 'FILE', 'UPLOADED', 'ROWS', 'UPLOADED BY', 'LIVE']);
    expect(lines[1]?.split(/\s{2,}/)).toEqual([
      '2',
      'products-v2.csv',
      expect.any(String),
      '55',
      tenants.ownerA.email,
    ]);
    expect(lines[2]?.split(/\s{2,}/)).toEqual([
      '1',
      'products.csv',
      expect.any(String),
      '40',
      tenants.ownerA.email,
      'yes',
    ]);

    const published = await as(tenants.ownerA, ['engines', 'publish', 'Product finder', '--json']);
    expect(published.code, published.stderr).toBe(0);
    expect(json(published)).toMatchObject({ id: engine.id, version: 2 });

    const config = await as(tenants.ownerA, ['engines', 'config', 'Product finder', '--json']);
    expect(config.code, config.stderr).toBe(0);
    const configuration = json(config);
    expect(Object.keys(configuration.columns)).toHaveLength(8);
    const configPath = join(work, 'config.json');
    const sku = Object.values(configuration.columns).find((c: any) => c.label === 'SKU') as any;
    sku.label = 'Part number';
    await writeFile(configPath, JSON.stringify(configuration));
    const saved = await as(tenants.ownerA, ['engines', 'config', 'Product finder', '--set', configPath]);
    expect(saved.code, saved.stderr).toBe(0);
    const reread = await as(tenants.ownerA, ['engines', 'config', 'Product finder']);
    expect(reread.stdout).toContain('Part number');
    // Saved is not live: search keeps the configuration version 2 was published with, and says so.
    const labels = async () =>
      json(await as(tenants.ownerA, ['search', 'Product finder', '', '--json'])).columns.map(
        (c: { label: string }) => c.label,
      );
    expect(await labels()).toContain('SKU');
    expect(saved.stderr).toContain('Search does not use it until version 2 is published again');
    const live = await as(tenants.ownerA, [
      'engines',
      'config',
      'Product finder',
      '--set',
      configPath,
      '--publish',
    ]);
    expect(live.code, live.stderr).toBe(0);
    expect(await labels()).toContain('Part number');

    const target = join(work, 'downloaded.csv');
    const downloaded = await as(tenants.ownerA, [
      'engines',
      'download',
      'Product finder',
      '--version',
      '1',
      '--original',
      '-o',
      target,
    ]);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    expect(await readFile(target, 'utf8')).toBe(await readFile(v1, 'utf8'));
    // By default the dataset export (cells escaped against formula injection): a row per line.
    const exported = await as(tenants.ownerA, ['engines', 'download', 'Product finder', '-o', '-']);
    expect(exported.code, exported.stderr).toBe(0);
    const v1Lines = (await readFile(v1, 'utf8')).trim().split(/\r?\n/).length;
    expect(exported.stdout.trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(v1Lines);
    const again = await as(tenants.ownerA, ['engines', 'download', 'Product finder', '-o', target]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    const snippet = await as(tenants.ownerA, ['engines', 'snippet', 'Product finder', '--json']);
    expect(snippet.code, snippet.stderr).toBe(0);
    expect(json(snippet).head).toContain('<script');

    // A user of the account may not download files (owners and admins only).
    const refused = await as(tenants.userA, [
      'engines',
      'download',
      'Product finder',
      '-o',
      join(work, 'x.csv'),
    ]);
    expect(refused.code).toBe(1);
  });

  it('given a CSV and one account, when a parametric engine is created without --account or --publish, then it is made in that account unpublished and publishes later', async () => {
    const file = await csv('draft.csv', 12);
    const created = await as(tenants.ownerA, [
      'engines',
      'create',
      'parametric',
      '--name',
      'Draft finder',
      '--file',
      file,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(json(created)).toMatchObject({
      name: 'Draft finder',
      accountId: tenants.accountA,
      engineId: expect.any(String),
      clientId: expect.any(String),
      version: 1,
      rowCount: 12,
      published: false,
    });
    const published = await as(tenants.ownerA, [
      'engines',
      'publish',
      'Draft finder',
      '--version',
      '1',
      '--json',
    ]);
    expect(published.code, published.stderr).toBe(0);

    // For people: the command it says to run publishes the engine.
    const draft = await as(tenants.ownerA, [
      'engines',
      'create',
      'parametric',
      '--name',
      'Draft two',
      '--file',
      file,
    ]);
    expect(draft.code, draft.stderr).toBe(0);
    const said = /run `siteseer (engines publish [^`]+)` to make it live/.exec(draft.stderr)?.[1];
    expect(said, draft.stderr).toBe(`engines publish ${draft.stdout.trim()} --version 1`);
    // The same create again (a retried CI step): the engine the first run made, not a failure.
    const retried = await as(tenants.ownerA, [
      'engines',
      'create',
      'parametric',
      '--name',
      'Draft two',
      '--file',
      file,
      '--json',
    ]);
    expect(retried.code, retried.stderr).toBe(0);
    expect(json(retried)).toMatchObject({ engineId: draft.stdout.trim(), version: 1, published: false });
    // Its versions cannot be read nor searched before it is published: each says how to publish it.
    for (const args of [
      ['engines', 'history', 'Draft two'],
      ['search', 'Draft two', ''],
    ]) {
      const early = await as(tenants.ownerA, args);
      expect([early.code, args]).toEqual([1, args]);
      expect(early.stderr).toContain(' --version 1`');
    }
    // Without --version, an engine never published cannot say its latest version: a usage error.
    const unversioned = await as(tenants.ownerA, ['engines', 'publish', 'Draft two']);
    expect(unversioned.code).toBe(2);
    expect(unversioned.stderr).toContain("'Draft two' has never been published");
    const told = await as(tenants.ownerA, (said ?? '').split(' '));
    expect(told.code, told.stderr).toBe(0);
    expect(told.stderr).toContain('Published version 1 of Draft two.');
  });

  it('given the file of an earlier version uploaded again with --publish, then that version goes live with its own columns', async () => {
    const first = join(work, 'rollback-a.csv');
    await writeFile(first, 'Title,Cost\nFoo,1\nBar,2\n');
    const second = join(work, 'rollback-b.csv');
    await writeFile(second, 'Name,Price,Category\nWidget,10,Tools\n');
    const created = await as(tenants.ownerA, [
      'engines',
      'create',
      'parametric',
      '--name',
      'Rollback finder',
      '--account',
      tenants.accountA,
      '--file',
      second,
      '--publish',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { engineId } = json(created);
    const upload = (file: string) =>
      as(tenants.ownerA, ['engines', 'upload', engineId, '--file', file, '--publish', '--json']);
    expect(json(await upload(first)).version).toBe(2);
    expect(json(await upload(second)).version).toBe(3);
    // The same bytes as version 2 uploaded again: version 2 comes back (nothing new stored) and goes
    // live as it was, with its own two columns (not the three of the latest version).
    const back = await upload(first);
    expect(back.code, back.stderr).toBe(0);
    expect(json(back)).toMatchObject({ version: 2, published: true });
    expect(back.stderr).toContain('is the same file as version 2 of Rollback finder');
    const searched = json(await as(tenants.ownerA, ['search', engineId, '', '--json']));
    expect(searched.columns.map((c: { label: string }) => c.label)).toEqual(['Title', 'Cost']);
    expect(searched.total).toBe(2);
  });

  it('given an engine name holding escape sequences, then lists, details and messages print it without them', async () => {
    const esc = String.fromCharCode(27);
    const name = `${esc}]0;pwned\u0007${esc}[2JEvil\u202e name`;
    const create = async (engineName: string) =>
      as(tenants.ownerA, [
        'engines',
        'create',
        'parametric',
        '--name',
        engineName,
        '--account',
        tenants.accountA,
        '--file',
        await csv('evil.csv', 3),
      ]);
    const refused = await create(name);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(MESSAGES.engineNameControlCharacters);
    // Names are refused with control characters since they were checked; one stored before still prints safely.
    const created = await create('Evil name to be');
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    await tenants.server.store.query('UPDATE engines SET name = $1 WHERE id = $2', [name, id]);
    const list = await as(tenants.ownerA, ['engines', 'list']);
    const show = await as(tenants.ownerA, ['engines', 'show', id]);
    const publish = await as(tenants.ownerA, ['engines', 'publish', id, '--version', '1']);
    for (const result of [refused, created, list, show, publish]) {
      expect(result.stdout + result.stderr).not.toContain(esc);
    }
    expect(list.stdout).toContain(']0;pwned[2JEvil name');
    expect(show.stdout).toContain(']0;pwned[2JEvil name');
    expect(publish.stderr).toContain('Published version 1 of ]0;pwned[2JEvil name.');
  });

  it('given a file that is not CSV or XLSX, when creating, then nothing is sent and the rule message shows', async () => {
    const path = join(work, 'notes.txt');
    await writeFile(path, 'a,b\n1,2\n');
    const result = await as(tenants.ownerA, [
      'engines',
      'create',
      'parametric',
      '--name',
      'Some engine',
      '--account',
      tenants.accountA,
      '--file',
      path,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The file must be a CSV or XLSX file.');
  });
});

describe('SITESEER_API_KEY (a CI pipeline)', () => {
  it('given an API key from `apikey new`, when a CI step creates and updates an engine, then the data-source API is used and JSON comes back', async () => {
    const generated = await as(tenants.ownerA, [
      'apikey',
      'new',
      '--account',
      tenants.accountA,
      '--yes',
      '--json',
    ]);
    expect(generated.code, generated.stderr).toBe(0);
    const { key } = json(generated);
    expect(key).toMatch(/^ssk_/);

    // Without --yes and without a terminal, the key is not replaced.
    expect((await as(tenants.ownerA, ['apikey', 'new', '--account', tenants.accountA])).code).toBe(2);

    const file = await csv('ci.csv', 12);
    const created = await withKey(key, [
      'engines',
      'create',
      'parametric',
      '--name',
      'CI catalogue',
      '--file',
      file,
      '--publish',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const engine = json(created);
    expect(engine).toMatchObject({ name: 'CI catalogue', version: 1, published: true, rowCount: 12 });
    // The same JSON as with a login.
    expect(Object.keys(engine).sort()).toEqual(CREATE_KEYS);
    expect(engine).toMatchObject({ accountId: tenants.accountA, originalFileName: 'ci.csv' });

    const next = await csv('ci-v2.csv', 20);
    // --account with a key: its own account's id is accepted; another account is refused before the
    // file is sent, rather than ignored (which would make the engine in the key's account).
    const elsewhere = await withKey(key, [
      'engines',
      'create',
      'parametric',
      '--name',
      'Wrong account',
      '--file',
      file,
      '--account',
      tenants.accountB,
    ]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(
      `The API key is for the account ${tenants.accountA}, not '${tenants.accountB}'`,
    );
    expect(elsewhere.stderr).not.toContain('Uploading');
    const listedA = json(await as(tenants.ownerA, ['engines', 'list', '--json']));
    expect(listedA.map((e: { searchEngineName: string }) => e.searchEngineName)).not.toContain(
      'Wrong account',
    );
    const updated = await withKey(key, [
      'engines',
      'upload',
      engine.engineId,
      '--account',
      tenants.accountA,
      '--file',
      next,
      '--publish',
      '--json',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(json(updated)).toMatchObject({
      engineId: engine.engineId,
      clientId: engine.clientId,
      version: 2,
      published: true,
      rowCount: 20,
    });
    expect(Object.keys(json(updated)).sort()).toEqual(UPLOAD_KEYS);

    // The owner sees it, made by the data-source API.
    const shown = await as(tenants.ownerA, ['engines', 'show', engine.engineId, '--json']);
    expect(json(shown)).toMatchObject({ createdBy: 'INGEST_API', searchEngineDetail: { version: 2 } });

    // Looking engines up needs a person.
    const lookup = await withKey(key, ['engines', 'history', engine.engineId]);
    expect(lookup.code).toBe(4);
    // As the README's Decisions say: a command that needs a person exits 4 and says so.
    for (const args of [
      ['engines', 'list'],
      ['features', 'list'],
      ['accounts', 'list'],
    ]) {
      const refused = await withKey(key, args);
      expect([refused.code, args]).toEqual([4, args]);
      expect(refused.stderr).toContain('An API key cannot be used for this command');
      expect(refused.stderr).toContain('siteseer login');
    }
    // The engine's name instead of its id: refused before the file is sent.
    const byName = await withKey(key, ['engines', 'upload', 'CI catalogue', '--file', next]);
    expect(byName.code).toBe(2);
    expect(byName.stderr).toContain("An API key needs the engine's id, not its name");
    expect(byName.stderr).toContain(engine.engineId);
    expect(byName.stderr).not.toContain('Uploading');
    // An unknown engine id is exit 1, as with a login (an engine of another account is one too).
    const unknown = await withKey(key, [
      'engines',
      'upload',
      '00000000-0000-4000-8000-000000000000',
      '--file',
      next,
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No engine with the id '00000000-0000-4000-8000-000000000000'");
    expect(unknown.stderr).not.toContain('Uploading');
    const { documentId: otherAccounts } = await createEngine(
      tenants.server,
      tenants.ownerB,
      keywordDraft(tenants.accountB, 'Tenant B docs'),
    );
    const other = await withKey(key, ['engines', 'upload', otherAccounts, '--file', next]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`No engine with the id '${otherAccounts}'`);
    // A configuration of one's own needs a person too: refused before the file is sent, so no
    // engine is made with the inferred one first.
    const config = join(work, 'ci-config.json');
    await writeFile(
      config,
      JSON.stringify(json(await as(tenants.ownerA, ['engines', 'config', engine.engineId, '--json']))),
    );
    const configured = await withKey(key, [
      'engines',
      'create',
      'parametric',
      '--name',
      'CI configured',
      '--file',
      next,
      '--config',
      config,
    ]);
    expect(configured.code).toBe(2);
    expect(configured.stderr).toContain('An API key cannot apply --config');
    // What the hint says holds: an engine made with the key cannot take a configuration later.
    expect(configured.stderr).toContain(
      'an engine made with an API key keeps the columns inferred from its file',
    );
    const later = await as(tenants.ownerA, ['engines', 'config', engine.engineId, '--set', config]);
    expect(later.code).toBe(1);
    expect(later.stderr).toContain('cannot be performed on Parametric engines created by API');
    expect(configured.stderr).not.toContain('Uploading');
    const whoami = await withKey(key, ['whoami', '--json']);
    expect(json(whoami)).toEqual({
      server: tenants.server.base,
      auth: 'apiKey',
      accountId: expect.any(String),
      engines: expect.any(Number),
    });
    // whoami checks the key with the server: a wrong one is exit 4, not a reassuring exit 0.
    const wrongWhoami = await withKey('ssk_wrong', ['whoami', '--json']);
    expect([wrongWhoami.code, wrongWhoami.stdout]).toEqual([4, '']);

    const wrongKey = await withKey('ssk_wrong', ['engines', 'upload', engine.engineId, '--file', next]);
    expect(wrongKey.code).toBe(4);
  });
});

describe('users with the spec rules and roles', () => {
  it('given the owner, when adding a user twice, then the second is refused with the spec message', async () => {
    const added = await as(tenants.ownerA, [
      'users',
      'add',
      '--account',
      tenants.accountA,
      '--email',
      'new.person@tenant-a.test',
      '--first',
      'New',
      '--last',
      'Person',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(json(added)).toMatchObject({ email: 'new.person@tenant-a.test', role: 'user' });

    const again = await as(
      tenants.ownerA,
      [
        'users',
        'add',
        '--account',
        'Demo Account',
        '--email',
        'NEW.person@tenant-a.test',
        '--first',
        'New',
        '--last',
        'Person',
      ].map((a) => (a === 'Demo Account' ? tenants.accountA : a)),
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('That email is already in use');
  });

  it('given a super admin login, when added to an account, then the spec message refuses it', async () => {
    const result = await as(tenants.ownerA, [
      'users',
      'add',
      '--account',
      tenants.accountA,
      '--email',
      tenants.superAdmin.email,
      '--first',
      'Sue',
      '--last',
      'Admin',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Sorry. You cannot add Siteseer admins because they have access to all accounts.',
    );
  });

  it('given role limits, when a user adds, an admin removes the owner, or an admin transfers ownership, then each is refused (exit 1)', async () => {
    const byUser = await as(tenants.userA, [
      'users',
      'add',
      '--account',
      tenants.accountA,
      '--email',
      'x@tenant-a.test',
      '--first',
      'X',
      '--last',
      'Y',
    ]);
    expect(byUser.code).toBe(1);
    expect(byUser.stderr).toContain('Only owners and admins can add users.');

    const removeOwner = await as(tenants.adminA, [
      'users',
      'remove',
      tenants.ownerA.email,
      '--account',
      tenants.accountA,
    ]);
    expect(removeOwner.code).toBe(1);
    expect(removeOwner.stderr).toContain('The owner cannot be removed: transfer ownership first.');

    const self = await as(tenants.adminA, [
      'users',
      'role',
      tenants.adminA.email,
      'user',
      '--account',
      tenants.accountA,
    ]);
    expect(self.code).toBe(1);
    expect(self.stderr).toContain('You cannot change your own role.');

    const transfer = await as(tenants.adminA, [
      'users',
      'transfer-ownership',
      tenants.userA.email,
      '--account',
      tenants.accountA,
      '--yes',
    ]);
    expect(transfer.code).toBe(1);
    expect(transfer.stderr).toContain('Only the owner or a super admin can transfer ownership.');

    const owner = await as(tenants.ownerA, [
      'users',
      'role',
      tenants.userA.email,
      'owner',
      '--account',
      tenants.accountA,
    ]);
    expect(owner.code).toBe(2);
    expect(owner.stderr).toContain('transfer-ownership');
  });

  it('given the owner, when changing a role and listing, then the list shows it', async () => {
    const changed = await as(tenants.ownerA, [
      'users',
      'role',
      tenants.userA.email,
      'admin',
      '--account',
      tenants.accountA,
      '--json',
    ]);
    expect(changed.code, changed.stderr).toBe(0);
    expect(json(changed).find((u: { email: string }) => u.email === tenants.userA.email).role).toBe('admin');
    const back = await as(tenants.ownerA, [
      'users',
      'role',
      tenants.userA.email,
      'user',
      '--account',
      tenants.accountA,
    ]);
    expect(back.code).toBe(0);
    const list = await as(tenants.ownerA, ['users', 'list', '--account', tenants.accountA]);
    expect(list.stdout).toMatch(/USER ID\s+FIRST\s+LAST\s+EMAIL\s+ROLE/);
    expect(list.stdout).toContain(tenants.userA.email);
  });
});

describe('features, accounts and maintenance (super admin only)', () => {
  it('given an owner, when changing a feature, then it is refused (exit 1); the super admin can create, set and delete', async () => {
    const list = await as(tenants.userA, ['features', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(Array.isArray(json(list))).toBe(true);

    const refused = await as(tenants.ownerA, ['features', 'create', 'CLI_FLAG', '--roles', 'owner']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Only super admins can change features.');

    const created = await as(tenants.superAdmin, [
      'features',
      'create',
      'CLI_FLAG',
      '--roles',
      'owner',
      '--description',
      'From the CLI',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(json(created)).toMatchObject({ name: 'CLI_FLAG', allowedRoles: ['owner'] });

    const set = await as(tenants.superAdmin, [
      'features',
      'set',
      'CLI_FLAG',
      '--roles',
      'superadmin,admin',
      '--json',
    ]);
    expect(json(set).allowedRoles).toEqual(['superadmin', 'admin']);
    const badRole = await as(tenants.superAdmin, ['features', 'set', 'CLI_FLAG', '--roles', 'root']);
    expect(badRole.code).toBe(2);

    const setByOwner = await as(tenants.ownerA, ['features', 'set', 'CLI_FLAG', '--roles', 'owner']);
    expect(setByOwner.code).toBe(1);

    const table = await as(tenants.superAdmin, ['features', 'list']);
    expect(table.stdout).toMatch(/NAME\s+SUPER ADMIN\s+OWNER\s+ADMIN\s+USER/);

    expect((await as(tenants.superAdmin, ['features', 'delete', 'CLI_FLAG', '--yes'])).code).toBe(0);
    expect((await as(tenants.superAdmin, ['features', 'delete', 'CLI_FLAG'])).code).toBe(1);
  });

  it('given the super admin, when creating and deleting an account, then only the exact name confirms', async () => {
    const byOwner = await as(tenants.ownerA, [
      'accounts',
      'create',
      '--name',
      'Tenant C',
      '--products',
      'pm',
    ]);
    expect(byOwner.code).toBe(1);

    const created = await as(tenants.superAdmin, [
      'accounts',
      'create',
      '--name',
      'Tenant C',
      '--products',
      'parametric',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = json(created).id;
    const listed = await as(tenants.superAdmin, ['accounts', 'list', '--json']);
    expect(json(listed).map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Tenant B', 'Tenant C']),
    );

    const renamed = await as(tenants.superAdmin, [
      'accounts',
      'update',
      'Tenant C',
      '--name',
      'Tenant C2',
      '--json',
    ]);
    expect(json(renamed).name).toBe('Tenant C2');

    const wrong = await as(tenants.superAdmin, ['accounts', 'delete', id, '--confirm', 'tenant c2']);
    expect(wrong.code).toBe(2);
    const right = await as(tenants.superAdmin, ['accounts', 'delete', id, '--confirm', 'Tenant C2']);
    expect(right.code, right.stderr).toBe(0);
    expect(right.stderr).toContain('This may take a while. Please be patient.');
  });

  it('given the super admin, when setting, showing and clearing the maintenance notice, then each shows; an owner cannot set it', async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const byOwner = await as(tenants.ownerA, [
      'maintenance',
      'set',
      '--message',
      'Upgrade',
      '--start',
      start,
      '--end',
      end,
    ]);
    expect(byOwner.code).toBe(1);
    const backwards = await as(tenants.superAdmin, [
      'maintenance',
      'set',
      '--message',
      'Upgrade',
      '--start',
      end,
      '--end',
      start,
    ]);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('The end must be after the start.');

    const set = await as(tenants.superAdmin, [
      'maintenance',
      'set',
      '--title',
      'Upgrade',
      '--message',
      'Search may be slow',
      '--start',
      start,
      '--end',
      end,
    ]);
    expect(set.code, set.stderr).toBe(0);
    const shown = await as(tenants.userA, ['maintenance', 'show', '--json']);
    expect(json(shown)).toMatchObject({ state: 'active', notice: { message: 'Search may be slow' } });
    // The same times as `set` printed, UTC included.
    const plain = await as(tenants.userA, ['maintenance', 'show']);
    const [, from, to] = set.stderr.match(/set: (.+) to (.+) UTC\./) ?? [];
    expect(plain.stdout).toMatch(new RegExp(`Start:\\s+${from} UTC`));
    expect(plain.stdout).toMatch(new RegExp(`End:\\s+${to} UTC`));
    expect((await as(tenants.superAdmin, ['maintenance', 'clear'])).code).toBe(0);
    expect(json(await as(tenants.userA, ['maintenance', 'show', '--json'])).state).toBe('none');
  });
});
