import { parseSynonyms } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// POST searchengines/synonyms/validate: the wizard's synonyms upload, checked and normalised by the
// server, for members of the account only.

let t: Tenants;

beforeAll(async () => {
  t = await startWithTenants();
});
afterAll(async () => {
  await t?.server.close();
});

async function validate(
  token: string | undefined,
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set('synonymsFile', new Blob([file.content]), file.name);
  const response = await fetch(`${t.server.base}/api/searchengines/synonyms/validate`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as any,
  };
}

const SOLR = '# synonyms of the shop\n\nTV, Television,  telly\ni-pod, i pod => ipod\n';
const CSV = '"laptop, 15 inch";notebook\nsofa;couch;settee\n';

describe('validating a synonyms file', () => {
  it('given a Solr TXT file, then valid and the table normalised, one rule per line', async () => {
    const answer = await validate(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'synonyms.txt', content: SOLR },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      valid: true,
      csvSynonymTable: 'tv, television, telly\ni-pod, i pod => ipod',
      errors: [],
    });
  });

  it('given a CSV file with quoted cells and semicolons, then each row is a group and commas are escaped', async () => {
    const answer = await validate(
      t.userA.token,
      { accountId: t.accountA },
      { name: 'SYNONYMS.CSV', content: CSV },
    );
    expect(answer.body).toEqual({
      valid: true,
      csvSynonymTable: 'laptop\\, 15 inch, notebook\nsofa, couch, settee',
      errors: [],
    });
    expect(parseSynonyms(answer.body.csvSynonymTable).rules).toEqual(parseSynonyms(CSV).rules);
  });

  it('given a UTF-16 file with its byte order mark, then it is read', async () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Buffer.from('Café, coffee shop\n', 'utf16le')),
    ]);
    const answer = await validate(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 's.txt', content: utf16 },
    );
    expect(answer.body).toEqual({ valid: true, csvSynonymTable: 'café, coffee shop', errors: [] });
  });

  it('given lines in error, then not valid, no table, and the lines named', async () => {
    const answer = await validate(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'bad.txt', content: 'tv, television\nlonely\na => b => c\n' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.valid).toBe(false);
    expect(answer.body.csvSynonymTable).toBe('');
    expect(answer.body.errors).toEqual([
      "Line 2: 'lonely' has no synonym: list two or more phrases separated by commas, or write 'phrase => synonym'.",
      "Line 3: use '=>' once in a rule.",
    ]);
  });

  it('given an empty file or only comments, then not valid', async () => {
    for (const content of ['', '# nothing yet\n']) {
      const answer = await validate(
        t.ownerA.token,
        { accountId: t.accountA },
        { name: 'empty.txt', content },
      );
      expect(answer.body).toEqual({
        valid: false,
        csvSynonymTable: '',
        errors: ['The file has no synonym rules.'],
      });
    }
  });

  it('given a binary file or bytes that are not UTF-8, then not valid', async () => {
    for (const content of [
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x2c]),
      new Uint8Array([0x61, 0x2c, 0xe9, 0x62]),
    ]) {
      const answer = await validate(t.ownerA.token, { accountId: t.accountA }, { name: 'x.csv', content });
      expect(answer.body.valid).toBe(false);
      expect(answer.body.errors[0]).toMatch(/^The file is not text/);
    }
  });

  it('given a file that is not CSV or TXT, then 400 with the spec message', async () => {
    const answer = await validate(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'synonyms.xlsx', content: 'a,b' },
    );
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body.detail).toBe('File must be CSV or TXT.');
  });

  it('given no file, then 400 asking for one', async () => {
    const answer = await validate(t.ownerA.token, { accountId: t.accountA });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe('Choose a CSV or TXT synonyms file.');
  });

  it('given a file over 1 MB, then 413 naming the limit; at 1 MB it is read', async () => {
    const line = 'alpha, beta\n';
    const big = line.repeat(Math.floor((1024 * 1024) / line.length) + 1);
    const refused = await validate(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'big.txt', content: big },
    );
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toBe('The synonyms file is larger than 1024 KB (1 MB).');
    const exact = big.slice(0, 1024 * 1024 - 1).replace(/[^\n]*$/, '');
    const read = await validate(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 'full.txt', content: exact },
    );
    expect(read.status).toBe(200);
    expect(read.body.valid).toBe(true);
  });

  it('given no account id, then 400 naming the field', async () => {
    const answer = await validate(t.ownerA.token, {}, { name: 's.txt', content: SOLR });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^accountId: /);
  });

  it('given no token, then 401', async () => {
    expect(
      (await validate(undefined, { accountId: t.accountA }, { name: 's.txt', content: SOLR })).status,
    ).toBe(401);
  });

  it('given an account without keyword engines, then 400 saying so', async () => {
    const created = await api(t.server, t.superAdmin.token, 'POST', 'admin/accounts', {
      name: 'Parametric only',
      products: ['pm'],
      users: [],
    });
    expect(created.status).toBe(200);
    const answer = await validate(
      t.superAdmin.token,
      { accountId: created.body.id },
      { name: 's.txt', content: SOLR },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/does not support Keyword/i);
  });

  it('given the normalised table saved on an engine, then the engine keeps it as validated', async () => {
    const { body } = await validate(
      t.ownerA.token,
      { accountId: t.accountA },
      { name: 's.txt', content: SOLR },
    );
    const engine = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Shop with synonyms', { csvSynonymTable: body.csvSynonymTable }),
    );
    const read = await api(
      t.server,
      t.ownerA.token,
      'GET',
      `searchengines/${engine.documentId}?accountId=${t.accountA}`,
    );
    expect(read.body.csvSynonymTable).toBe(body.csvSynonymTable);
  });
});

describe('the API document', () => {
  it('given the OpenAPI document, then it lists the call', async () => {
    const document = (await (await fetch(`${t.server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(document.paths['/api/searchengines/synonyms/validate']?.post?.operationId).toBe(
      'engines.validateSynonyms',
    );
  });
});

describe("another account's user", () => {
  it("given account A's id, then the same 404 as for a missing account and nothing of the file", async () => {
    const ofA = await validate(t.ownerB.token, { accountId: t.accountA }, { name: 's.txt', content: SOLR });
    const missing = await validate(
      t.ownerB.token,
      { accountId: '00000000-0000-4000-8000-000000000000' },
      { name: 's.txt', content: SOLR },
    );
    expect(ofA.status).toBe(404);
    expect(ofA.body).toEqual(missing.body);
    expect(JSON.stringify(ofA.body)).not.toContain('television');
  });

  it('given their own account, then they can validate', async () => {
    const own = await validate(t.ownerB.token, { accountId: t.accountB }, { name: 's.txt', content: SOLR });
    expect(own.body.valid).toBe(true);
  });
});
