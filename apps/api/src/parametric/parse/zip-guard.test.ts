import {
  buildZip,
  deflatedEntry,
  workbookMarkers,
  type ZipEntry,
  zerosEntry,
} from '@siteseer/test-support/workbooks/zip-writer';
import { describe, expect, it } from 'vitest';
import { refusal } from './expect-refusal.test-kit.ts';
import { parseSpreadsheet } from './parse-spreadsheet.ts';
import { inspectXlsxArchive } from './zip-guard.ts';

const MB = 1024 * 1024;

/** An entry whose directory declares `size` bytes: the guard reads only the directory. */
function declared(name: string, compressedBytes: number, size: number): ZipEntry {
  return { name, compressed: new Uint8Array(compressedBytes), method: 8, crc32: 0, uncompressedSize: size };
}

describe('inspectXlsxArchive', () => {
  it('accepts a workbook skeleton and sums its directory', async () => {
    const bytes = buildZip([...workbookMarkers(), deflatedEntry('xl/worksheets/sheet1.xml', '<worksheet/>')]);

    const summary = await inspectXlsxArchive(bytes, 'ok.xlsx');

    expect(summary).toMatchObject({ entries: 3, uncompressedBytes: 29 + 32 + 12 });
  });

  it('refuses a zip bomb (200 MB of zeros in 200 KB) from its directory alone, before any parsing', async () => {
    const bomb = buildZip([...workbookMarkers(), await zerosEntry('xl/worksheets/sheet1.xml', 200 * MB)]);
    expect(bomb.length).toBeLessThan(MB);

    const guard = await refusal(() => inspectXlsxArchive(bomb, 'bomb.xlsx'));
    // A 1 ms time limit would refuse it as 'too_complex' had the worker been started at all.
    const parse = await refusal(() => parseSpreadsheet(bomb, 'bomb.xlsx', { timeoutMs: 1 }));

    expect(guard.code).toBe('archive_refused');
    expect(guard.message).toMatch(
      /^'bomb.xlsx' was refused before reading: its entry 'xl\/worksheets\/sheet1.xml' is compressed \d+:1 \(at most 100:1\)\./,
    );
    expect(parse).toMatchObject({ code: 'archive_refused', message: guard.message });
  });

  it('accepts a workbook of many small sheets (was: refused past 50 entries)', async () => {
    const entries = [...workbookMarkers()];
    for (let i = 1; i <= 60; i++) {
      entries.push(deflatedEntry(`xl/worksheets/sheet${i}.xml`, '<worksheet/>'));
      entries.push(deflatedEntry(`xl/worksheets/_rels/sheet${i}.xml.rels`, '<Relationships/>'));
    }

    expect(await inspectXlsxArchive(buildZip(entries), 'weeks.xlsx')).toMatchObject({ entries: 122 });
  });

  it('refuses more than 2000 entries', async () => {
    const entries = [...workbookMarkers()];
    for (let i = 0; i < 1999; i++) entries.push(deflatedEntry(`xl/media/image${i}.png`, 'x'));

    const error = await refusal(() => inspectXlsxArchive(buildZip(entries), 'many.xlsx'));

    expect(error.code).toBe('archive_refused');
    expect(error.message).toContain('it has 2001 entries (at most 2000)');
  });

  it('refuses more than 100 MB uncompressed in total, even at plausible ratios', async () => {
    const entries = [
      ...workbookMarkers(),
      declared('xl/worksheets/sheet1.xml', 600_000, 55 * MB),
      declared('xl/worksheets/sheet2.xml', 600_000, 55 * MB),
    ];

    const error = await refusal(() => inspectXlsxArchive(buildZip(entries), 'huge.xlsx'));

    expect(error.message).toContain('it expands to 110 MB (at most 100 MB)');
  });

  it('refuses a total ratio above 100:1 spread over entries that each pass', async () => {
    const limits = {
      maxEntries: 50,
      maxUncompressedBytes: 100 * MB,
      maxCompressionRatio: 100,
      compressionRatioMinBytes: 3 * MB,
    };
    const entries = [
      ...workbookMarkers(),
      declared('xl/worksheets/sheet1.xml', 10_000, 2 * MB),
      declared('xl/worksheets/sheet2.xml', 10_000, 2 * MB),
    ];

    const error = await refusal(() => inspectXlsxArchive(buildZip(entries), 'spread.xlsx', limits));

    expect(error.message).toMatch(/it is compressed \d+:1 overall \(at most 100:1\)/);
  });

  it('accepts small parts that compress better than 100:1 (they cannot inflate to anything)', async () => {
    const bytes = buildZip([...workbookMarkers(), deflatedEntry('xl/styles.xml', ' '.repeat(100_000))]);

    await expect(inspectXlsxArchive(bytes, 'styles.xlsx')).resolves.toMatchObject({ entries: 3 });
  });

  it('refuses an encrypted entry', async () => {
    const entry = { ...deflatedEntry('xl/worksheets/sheet1.xml', '<worksheet/>'), flags: 1 };

    const error = await refusal(() =>
      inspectXlsxArchive(buildZip([...workbookMarkers(), entry]), 'locked.xlsx'),
    );

    expect(error.message).toContain("its entry 'xl/worksheets/sheet1.xml' is encrypted");
  });

  it('refuses a zip that is not a workbook, and says when it is an .xlsb', async () => {
    const docx = buildZip([
      deflatedEntry('[Content_Types].xml', '<Types/>'),
      deflatedEntry('word/document.xml', '<w/>'),
    ]);
    const xlsb = buildZip([
      deflatedEntry('[Content_Types].xml', '<Types/>'),
      deflatedEntry('xl/workbook.bin', 'x'),
    ]);

    const notWorkbook = await refusal(() => inspectXlsxArchive(docx, 'letter.xlsx'));
    const binary = await refusal(() => inspectXlsxArchive(xlsb, 'book.xlsx'));

    expect(notWorkbook).toMatchObject({ code: 'unsupported_format' });
    expect(notWorkbook.message).toContain('is a zip archive but not an Excel workbook');
    expect(binary.message).toContain('Excel binary workbook (.xlsb)');
  });

  it('refuses bytes that start like a zip but are not one', async () => {
    const bytes = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);

    const error = await refusal(() => inspectXlsxArchive(bytes, 'fake.xlsx'));

    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/^'fake.xlsx' is not a readable zip archive \(.+\)\.$/);
  });
});
