import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { readSpreadsheetPreview, uploadErrorMessage } from './parametric-file.ts';

describe('parametric upload failure message', () => {
  it.each([
    [
      'an error object with server text',
      { error: 'Row 3 has 4 columns, expected 5' },
      'Row 3 has 4 columns, expected 5',
    ],
    ['raw server text', 'Unsupported encoding', 'Unsupported encoding'],
    ['an error object with an empty error field', { error: '' }, MESSAGES.fileNotUploaded],
    ['an error object without text', { error: { code: 1 } }, MESSAGES.fileNotUploaded],
    ['a thrown Error', new Error('Failed to fetch'), MESSAGES.fileNotUploaded],
    ['nothing', undefined, MESSAGES.fileNotUploaded],
    ['whitespace', '  ', 'File not uploaded.'],
  ])('Given %s, when the failure is shown, then it reads %j', (_case, error, expected) => {
    expect(uploadErrorMessage(error)).toBe(expected);
  });
});

describe('spreadsheet preview answer', () => {
  const configuration = {
    columns: { sku: { id: 'sku', label: 'SKU', position: 0, type: 'keyword' } },
  };

  it('Given a good answer with rows and configuration, when read, then the preview is returned', () => {
    const result = readSpreadsheetPreview({ status: 200, data: { rows: [{ sku: 'A1' }], configuration } });
    expect(result.ok && result.value.rows).toEqual([{ sku: 'A1' }]);
  });

  it.each([
    ['no answer', undefined, MESSAGES.noSpreadsheetMapData],
    ['a failed status', { status: 404, data: {} }, 'Could not get spreadsheet map data'],
    ['a good status without data', { status: 200 }, 'Did not get map data from server'],
    ['a good status with rows only', { status: 'OK', data: { rows: [] } }, MESSAGES.noMapData],
  ])('Given %s, when read, then the error is %j', (_case, response, error) => {
    expect(readSpreadsheetPreview(response)).toEqual({ ok: false, error });
  });
});
