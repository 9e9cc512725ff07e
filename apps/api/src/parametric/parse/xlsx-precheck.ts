import { crc32 } from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { fromBufferPromise } from 'yauzl';
import { SpreadsheetError } from './spreadsheet-error.ts';
import type { TableLimits } from './table-builder.ts';

/**
 * Elements that hold a cell's value (`<v>`, or `<is>` for an inline string) and shared strings
 * (`<si>`), with or without a namespace prefix. Matched on latin1 text: the names are ASCII.
 */
const VALUE_TAG = /<(?:[A-Za-z_][\w.-]{0,20}:)?(?:v|is)[\s>/]/g;
const SHARED_STRING_TAG = /<(?:[A-Za-z_][\w.-]{0,20}:)?si[\s>/]/g;
/**
 * A formula cell without a saved result: `<f>...</f>` (or a shared `<f .../>`), then no value or an
 * empty one, then the cell's end. Scripts (openpyxl) write formulas without calculating them, and
 * SheetJS drops such a cell: a Total column came out silently empty.
 */
const P = '(?:[A-Za-z_][\\w.-]{0,20}:)?';
const FORMULA_WITHOUT_VALUE = new RegExp(
  `(?:<\\/${P}f>|<${P}f\\s[^<>]{0,200}\\/>)\\s*(?:<${P}v\\s*\\/>|<${P}v>\\s*<\\/${P}v>)?\\s*<\\/${P}c>`,
  'g',
);
/** Longer than any match, so a tag split between two chunks is still seen (once). */
const CARRY = 320;

const formatCount = (n: number): string => n.toLocaleString('en-US');

function inconsistent(fileName: string, entry: string, what: string): SpreadsheetError {
  return new SpreadsheetError(
    'malformed',
    `'${fileName}' is an inconsistent zip archive: its entry '${entry}' ${what}. ` +
      'Save it again from Excel (or export it as CSV) and upload it again.',
  );
}

/** The decoded attributes (without namespace prefixes) of every `tag` element, in document order. */
function tags(xml: string, tag: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${tag}\\s([^>]*)>`, 'g'))) {
    // Names come from the file: no prototype for one named __proto__ to reach.
    const attributes: Record<string, string> = Object.create(null);
    for (const a of (match[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const name = (a[1] ?? '').replace(/^[\w.-]+:/, '');
      attributes[name] = (a[2] ?? a[3] ?? '')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&apos;', "'")
        .replaceAll('&amp;', '&');
    }
    found.push(attributes);
  }
  return found;
}

/** `target` of a relationship of `xl/workbook.xml`, as a path in the archive. */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/').toLowerCase();
}

async function entryBytes(zip: ZipFile, entry: Entry, fileName: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  try {
    for await (const part of await zip.openReadStreamPromise(entry)) parts.push(part as Buffer);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw inconsistent(fileName, entry.fileName, declaredWhat(error));
  }
  return Buffer.concat(parts);
}

/** yauzl checks the inflated size against the directory; zlib fails on a broken stream. */
function declaredWhat(error: Error): string {
  return `does not hold what the zip directory declares (${error.message})`;
}

/**
 * The parts SheetJS reads that grow with the data: the sheet to read (the first in workbook order,
 * or the one named) and the shared strings, by the workbook's relationships. Undefined when they
 * cannot be told: every entry is then counted as if it were the sheet.
 */
async function dataParts(
  zip: ZipFile,
  entries: Map<string, Entry>,
  sheet: string | undefined,
  fileName: string,
): Promise<{ sheet: string; sharedStrings: string[] } | undefined> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return undefined;
  const sheets = tags((await entryBytes(zip, workbook, fileName)).toString('utf8'), 'sheet');
  const relationships = tags((await entryBytes(zip, rels, fileName)).toString('utf8'), 'Relationship');
  const wanted = sheet === undefined ? sheets[0] : sheets.find((s) => s.name === sheet);
  const target = relationships.find((r) => r.Id === wanted?.id)?.Target;
  if (!target) return undefined;
  const sharedStrings = relationships
    .filter((r) => r.Type?.endsWith('/sharedStrings') && r.Target)
    .map((r) => partPath(r.Target as string));
  return { sheet: partPath(target), sharedStrings };
}

/**
 * Inflates every entry of an XLSX once, as a stream and before SheetJS sees the file, and refuses:
 * an entry that does not hold what the zip directory declares (its size, which the zip guard judged,
 * or its checksum), and a sheet (or shared strings table) with more values than any table within
 * `limits` has. SheetJS holds a whole sheet before the table's limits are checked: a 1.3 MB workbook
 * of 5.4 million cells took ~800 MB to be refused; this refuses it holding one chunk at a time.
 */
export async function precheckXlsx(
  bytes: Uint8Array,
  fileName: string,
  sheet: string | undefined,
  limits: TableLimits,
): Promise<PrecheckedXlsx> {
  let formulasWithoutValue = 0;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true });
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName.toLowerCase(), entry);
    const parts = await dataParts(zip, entries, sheet, fileName);
    for (const [name, entry] of entries) {
      const isSharedStrings = parts ? parts.sharedStrings.includes(name) : name.endsWith('sharedstrings.xml');
      const isSheet = parts ? name === parts.sheet : !isSharedStrings;
      const count = isSheet
        ? { tag: VALUE_TAG, what: 'values' }
        : isSharedStrings
          ? { tag: SHARED_STRING_TAG, what: 'shared strings' }
          : undefined;
      formulasWithoutValue += await checkEntry(zip, entry, fileName, count, limits, isSheet);
    }
  } finally {
    zip.close();
  }
  return { formulasWithoutValue };
}

/** What the precheck saw of the sheet that is read. */
export interface PrecheckedXlsx {
  /** Formula cells with no saved result, which SheetJS reads as empty. */
  formulasWithoutValue: number;
}

/** The warning for formula cells read as empty, if any. */
export function formulasWithoutValueWarning(count: number): string | undefined {
  if (count === 0) return undefined;
  return (
    `${count.toLocaleString('en-US')} formula cell(s) of the sheet have no saved result (the workbook was written by a ` +
    'program that does not calculate formulas); they are read as empty. Open the workbook in Excel or LibreOffice, ' +
    'save it, and upload it again.'
  );
}

async function checkEntry(
  zip: ZipFile,
  entry: Entry,
  fileName: string,
  count: { tag: RegExp; what: string } | undefined,
  limits: TableLimits,
  isSheet = false,
): Promise<number> {
  let formulasWithoutValue = 0;
  // An accepted table holds at most maxCells data cells and one header row.
  const maxValues = limits.maxCells + limits.maxColumns;
  let crc = 0;
  let counted = 0;
  let carry = '';
  try {
    for await (const part of await zip.openReadStreamPromise(entry)) {
      const chunk = part as Buffer;
      crc = crc32(chunk, crc);
      if (!count) continue;
      const text = carry + chunk.toString('latin1');
      // A tag that ends in the carried text was counted with the previous chunk.
      for (const match of text.matchAll(count.tag)) {
        if (match.index + match[0].length > carry.length) counted++;
      }
      if (isSheet) {
        for (const match of text.matchAll(FORMULA_WITHOUT_VALUE)) {
          if (match.index + match[0].length > carry.length) formulasWithoutValue++;
        }
      }
      if (counted > maxValues) {
        throw new SpreadsheetError(
          'too_many_cells',
          `The file has more than ${formatCount(limits.maxCells)} cells (rows x columns): '${entry.fileName}' holds ` +
            `more than ${formatCount(maxValues)} ${count.what}; split it or remove columns.`,
        );
      }
      carry = text.slice(-CARRY);
    }
  } catch (error) {
    if (error instanceof SpreadsheetError || !(error instanceof Error)) throw error;
    throw inconsistent(fileName, entry.fileName, declaredWhat(error));
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) {
    throw inconsistent(fileName, entry.fileName, 'fails its checksum (CRC-32)');
  }
  return formulasWithoutValue;
}
