import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isFileRequired, validateNameAndDataStep, validateUploadFile } from './upload-file.ts';

const KB = 1024;

describe('upload file', () => {
  it.each([
    ['no file', undefined, MESSAGES.fileRequired],
    ['a null file', null, MESSAGES.fileRequired],
    ['a CSV', { name: 'parts.csv', size: 2048 }, undefined],
    ['an XLSX', { name: 'parts.xlsx', size: 2048 }, undefined],
    ['an upper-case extension', { name: 'PARTS.CSV', size: 2048 }, undefined],
    ['a mixed-case XLSX', { name: 'Parts.XlSx', size: 2048 }, undefined],
    ['an XLS (old Excel)', { name: 'parts.xls', size: 2048 }, MESSAGES.fileTypeCsvXlsx],
    ['a TXT', { name: 'parts.txt', size: 2048 }, MESSAGES.fileTypeCsvXlsx],
    ['no extension', { name: 'csv', size: 2048 }, MESSAGES.fileTypeCsvXlsx],
    ['exactly 10240 KB', { name: 'big.csv', size: 10240 * KB }, undefined],
    ['10240 KB and one byte', { name: 'big.csv', size: 10240 * KB + 1 }, MESSAGES.fileTooLarge],
    ['an empty file', { name: 'empty.csv', size: 0 }, MESSAGES.fileEmpty],
  ])('Given %s, when validated for create, then the message is %j', (_case, file, expected) => {
    expect(validateUploadFile(file, { mode: 'create' })).toBe(expected);
  });

  it.each([
    [{ mode: 'create' }, true],
    [{ mode: 'edit' }, false],
    [{ mode: 'edit', updateFile: false }, false],
    [{ mode: 'edit', updateFile: true }, true],
  ] as const)('Given %j, when asked whether a file is required, then %s', (context, expected) => {
    expect(isFileRequired(context)).toBe(expected);
  });

  it('Given edit mode without the update box ticked, when no file is chosen, then there is no error', () => {
    expect(validateUploadFile(undefined, { mode: 'edit', updateFile: false })).toBeUndefined();
  });

  it('Given edit mode with the update box ticked, when no file is chosen, then a file is required', () => {
    expect(validateUploadFile(undefined, { mode: 'edit', updateFile: true })).toBe(MESSAGES.fileRequired);
  });

  it('Given edit mode with the update box ticked, when a PDF is chosen, then its type is refused', () => {
    expect(validateUploadFile({ name: 'a.pdf', size: 10 }, { mode: 'edit', updateFile: true })).toBe(
      MESSAGES.fileTypeCsvXlsx,
    );
  });

  it('Given no context, when validated, then create mode applies', () => {
    expect(validateUploadFile(undefined)).toBe(MESSAGES.fileRequired);
  });
});

describe('name-and-data step (parametric step 1)', () => {
  const file = { name: 'parts.csv', size: 100 };

  it('Given an account, a valid name and a valid file, when validated, then the step is valid', () => {
    expect(
      validateNameAndDataStep({ mode: 'create', accountId: 'a1', searchEngineName: 'Parts search', file }),
    ).toEqual({ valid: true, errors: {} });
  });

  it.each([
    ['no account', { accountId: '' }, { accountId: MESSAGES.accountRequired }],
    ['a short name', { searchEngineName: 'abc' }, { searchEngineName: MESSAGES.engineNameTooShort }],
    ['no file', { file: null }, { file: MESSAGES.fileRequired }],
    [
      'a too large file',
      { file: { name: 'p.csv', size: 10240 * 1024 + 1 } },
      { file: MESSAGES.fileTooLarge },
    ],
  ])(
    'Given %s, when validated, then the step is invalid with the summary message',
    (_case, patch, errors) => {
      const step = {
        mode: 'create' as const,
        accountId: 'a1',
        searchEngineName: 'Parts search',
        file,
        ...patch,
      };
      expect(validateNameAndDataStep(step)).toEqual({
        valid: false,
        errors,
        message: MESSAGES.nameAndFileInvalid,
      });
    },
  );

  it('Given edit mode without a new file, when validated, then the step is valid', () => {
    expect(
      validateNameAndDataStep({ mode: 'edit', accountId: 'a1', searchEngineName: 'Parts search', file: null })
        .valid,
    ).toBe(true);
  });

  it('Given edit mode with the update box ticked but no file, when validated, then the step is invalid', () => {
    const result = validateNameAndDataStep({
      mode: 'edit',
      updateFile: true,
      accountId: 'a1',
      searchEngineName: 'Parts search',
      file: null,
    });
    expect(result.message).toBe('Enter a valid name and file.');
  });
});
