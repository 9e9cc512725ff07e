import { describe, expect, it } from 'vitest';
import { fileExtension, hasExtension } from './file-type.ts';

describe('file type', () => {
  it.each([
    ['data.csv', 'csv'],
    ['DATA.CSV', 'csv'],
    ['report.final.XLSX', 'xlsx'],
    ['noextension', ''],
    ['trailingdot.', ''],
    ['C:\\Users\\me\\list.txt', 'txt'],
    ['/tmp/dir.v2/file', ''],
  ])('Given the name %j, when its extension is read, then it is %j', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });

  it.each([
    ['data.Csv', ['csv'], true],
    ['data.csv.exe', ['csv'], false],
    ['data', ['csv'], false],
    ['trailingdot.', [''], false],
  ])('Given %j and %j, when checked, then it matches is %s', (name, extensions, expected) => {
    expect(hasExtension(name, extensions)).toBe(expected);
  });
});
