import { describe, expect, it } from 'vitest';
import { fakeApi, fakeUploads } from '../../test/render.tsx';
import { submitSpreadsheet, type WizardDraft } from './wizard-flow.ts';

const stored = {
  importId: 'imp1',
  version: 3,
  originalFileName: 'parts.csv',
  uploadDate: '2026-03-01T00:00:00.000Z',
  rowCount: 1,
  columns: ['Part'],
};
const configuration = {
  columns: { part: { id: 'part', label: 'Part', position: 0, type: 'keyword' } },
  filters: {},
};

describe('step 1 submission', () => {
  it('Given edit mode, then the new file goes to the import as a new version with the engine, key and progress', async () => {
    const routes = {
      'POST parametric/file/imp1': () => stored,
      'GET parametric/file/imp1/preview': () => ({ rows: [{ part: 'Bolt' }], configuration }),
    };
    const { api, calls } = fakeApi(routes);
    const uploads = fakeUploads(routes, calls);
    const draft: WizardDraft = {
      mode: 'edit',
      accountId: 'a1',
      searchEngineName: 'Hardware Parts',
      engineId: 'e1',
      clientId: 'c1',
      importId: 'imp1',
      version: 2,
      rows: [],
      fileReplaced: false,
    };
    const progress: number[] = [];
    let uploadedCalls = 0;
    const result = await submitSpreadsheet(api, uploads, {
      draft,
      file: new File(['Part\nBolt\n'], 'parts.csv'),
      control: {
        idempotencyKey: 'k1',
        signal: new AbortController().signal,
        onProgress: (p) => progress.push(p.loaded),
        onUploaded: () => {
          uploadedCalls += 1;
        },
      },
    });
    expect(result).toMatchObject({ ok: true, importId: 'imp1', version: 3, rows: [{ part: 'Bolt' }] });
    const form = calls.find((c) => c.path === 'parametric/file/imp1')?.body as FormData | undefined;
    expect(form?.get('engineId')).toBe('e1');
    expect(form?.get('accountId')).toBe('a1');
    expect(progress).toEqual([10]);
    expect(uploadedCalls).toBe(1);
  });
});
