import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpreadsheet } from './parse-spreadsheet.ts';

const spectrum = dirname(createRequire(import.meta.url).resolve('csv-spectrum/package.json'));
const cases = readdirSync(join(spectrum, 'csvs')).map((file) => basename(file, '.csv'));

/**
 * csv-spectrum's own mistakes, corrected so the suite tests the parser and not the fixture:
 * location_coordinates.json is an object instead of an array, and its phone number is not the one in
 * location_coordinates.csv (upstream issue: the JSON was edited, the CSV was not).
 */
function expectedRows(name: string): Record<string, string>[] {
  const json: unknown = JSON.parse(readFileSync(join(spectrum, 'json', `${name}.json`), 'utf8'));
  const rows = (Array.isArray(json) ? json : [json]) as Record<string, string>[];
  if (name === 'location_coordinates')
    return rows.map((row) => ({ ...row, 'Contact Phone Number': '2095257564' }));
  return rows;
}

describe('csv-spectrum', () => {
  it('has the cases this suite expects', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
  });

  it.each(cases)('%s parses to its expected JSON', async (name) => {
    const bytes = readFileSync(join(spectrum, 'csvs', `${name}.csv`));

    const table = await parseSpreadsheet(bytes, `${name}.csv`);

    const rows = table.rows.map((cells) =>
      Object.fromEntries(table.headers.map((header, i) => [header, cells[i] ?? ''])),
    );
    expect(rows).toEqual(expectedRows(name));
  });
});
