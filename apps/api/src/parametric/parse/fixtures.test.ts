import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inferConfiguration } from './infer-configuration.ts';
import { parseSpreadsheet } from './parse-spreadsheet.ts';
import { typedRows } from './typed-rows.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/parametric/${name}`, import.meta.url));

describe('an Excel-style semicolon CSV export, end to end', () => {
  it('parses, infers a configuration and types the rows', async () => {
    const table = await parseSpreadsheet(fixture('catalogue-semicolon-bom.csv'), 'catalogue.csv');
    const configuration = inferConfiguration(table);
    const rows = typedRows(table, configuration);

    expect(table).toMatchObject({
      delimiter: ';',
      headers: ['Ref', 'Nom', 'Catégorie', 'Prix', 'Stock', 'En promo', 'Photo', 'Fiche'],
      rowNumbers: [2, 3, 5, 6],
      warnings: [],
    });
    expect(
      Object.values(configuration.columns).map((c) => `${c.label}:${c.type}:${c.supports.filtering}`),
    ).toEqual([
      'Ref:keyword:false',
      'Nom:keyword:false',
      'Cat%C3%A9gorie:keyword:true',
      'Prix:half_float:true',
      'Stock:integer:true',
      'En%20promo:boolean:true',
      'Photo:image:false',
      'Fiche:hyperlink:false',
    ]);
    expect(rows[0]).toEqual({
      c0: '0042',
      c1: 'Crème "brûlée"; 6 pièces',
      c2: 'Desserts',
      c3: 4.5,
      c4: 12,
      c5: true,
      c6: 'https://img.example.test/creme.JPG?w=200',
      c7: 'https://shop.example.test/p/42',
    });
    expect(rows[1]?.c1).toBe('Thé vert\r\nSencha 日本');
    expect(rows[3]).toMatchObject({ c1: 'Café', c3: 10, c5: false, c6: null });
  });
});
