import { read, utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

let t: Tenants;

beforeAll(async () => {
  t = await startWithTenants();
});
afterAll(async () => {
  await t?.server.close();
});

/** A workbook whose first sheet has a live formula and text a spreadsheet would run, and a second sheet. */
function workbook(): Uint8Array {
  const book = utils.book_new();
  const prices = utils.aoa_to_sheet([
    ['Name', 'Note', 'Price', 'Qty'],
    ['Widget', '=HYPERLINK("http://evil.example","x")', 2.5, 2],
    ['Gadget', '@SUM(1+1)', 4, 3],
    ['Total', '-2+3', { t: 'n', f: 'SUM(C2:C3)', v: 6.5 }, 5],
  ]);
  utils.book_append_sheet(book, prices, 'Prices');
  utils.book_append_sheet(book, utils.aoa_to_sheet([['Secret'], ['internal only']]), 'Internal');
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
}

async function uploadToEngine(bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set('accountId', t.accountA);
  form.set('file', new Blob([bytes]), 'prices.xlsx');
  const uploaded = await fetch(`${t.server.base}/api/parametric/file/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.ownerA.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const { importId } = (await uploaded.json()) as { importId: string };
  const created = await api(t.server, t.ownerA.token, 'POST', 'searchengines', {
    searchEngineType: 'pm',
    accountId: t.accountA,
    searchEngineName: 'Prices workbook',
    searchEngineDetail: { importId },
  });
  expect(created.status).toBe(200);
  return created.body.documentId as string;
}

async function download(path: string): Promise<Uint8Array> {
  const response = await fetch(`${t.server.base}/api/${path}`, {
    headers: { authorization: `Bearer ${t.ownerA.token}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('the XLSX dataset export of an XLSX upload', () => {
  it('is the first sheet as stored, formula-escaped, with no formulas or other sheets (was: the upload as is)', async () => {
    const uploaded = workbook();
    const engineId = await uploadToEngine(uploaded);

    const exported = read(await download(`searchengines/${engineId}/download/xlsx?accountId=${t.accountA}`), {
      cellFormula: true,
    });

    expect(exported.SheetNames).toHaveLength(1);
    const sheet = exported.Sheets[exported.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('the export has no sheet');
    expect(
      Object.values(sheet).some((cell) => typeof cell === 'object' && cell !== null && 'f' in cell),
    ).toBe(false);
    expect(utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['Name', 'Note', 'Price', 'Qty'],
      ['Widget', '\'=HYPERLINK("http://evil.example","x")', 2.5, 2],
      ['Gadget', "'@SUM(1+1)", 4, 3],
      ['Total', "'-2+3", 6.5, 5],
    ]);
  });

  it('leaves the original file route returning the workbook as uploaded', async () => {
    const uploaded = workbook();
    const engineId = await uploadToEngine(uploaded);

    const original = await download(`parametric/download?engineId=${engineId}&accountId=${t.accountA}`);

    expect(Buffer.from(original).equals(Buffer.from(uploaded))).toBe(true);
  });
});
