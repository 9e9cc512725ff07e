import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cisi, cranfield, readCollection, smartRecords } from './collections.ts';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'collections-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the SMART format', () => {
  it('reads records by .I and their fields, lines joined', () => {
    const records = smartRecords('.I 001\n.T\na title\n.W\nfirst line\nsecond line\n.I 2\n.W\nx\n');
    expect(records).toEqual([
      {
        id: '1',
        fields: new Map([
          ['T', 'a title'],
          ['W', 'first line\nsecond line'],
        ]),
      },
      { id: '2', fields: new Map([['W', 'x']]) },
    ]);
  });
});

describe('Cranfield', () => {
  it('numbers its queries by their order, and maps grades 1..4 to gains 4..1 and -1 to 0', () => {
    const dir = folder({
      'cran.all.1400':
        '.I 1\n.T\nwing flow .\n.A\nsomeone\n.W\nwing flow .\n  the text .\n.I 2\n.T\nb\n.W\nb .\n',
      'cran.qry': '.I 001\n.W\nfirst question .\n.I 004\n.W\nsecond\nquestion .\n.I 009\n.W\nnot judged .\n',
      cranqrel: '1 1 1\n1 2 -1\n2 2 4 \n',
    });
    const c = cranfield(dir);
    expect(c.docs[0]).toEqual({ id: '1', title: 'wing flow .', text: 'wing flow . the text .' });
    // The second query of the file is query 2 of the judgments, whatever its .I says.
    expect([...c.queries]).toEqual([
      ['1', 'first question .'],
      ['2', 'second question .'],
    ]);
    expect(c.judgments.get('1')).toEqual(
      new Map([
        ['1', 4],
        ['2', 0],
      ]),
    );
    expect(c.judgments.get('2')).toEqual(new Map([['2', 1]]));
  });
});

describe('CISI', () => {
  it('judges every listed document relevant, and leaves unjudged queries out', () => {
    const dir = folder({
      'CISI.ALL': '.I 1\n.T\nDewey\n.A\nX\n.W\n   A history.\n.X\n1\t5\t1\n',
      'CISI.QRY': '.I 1\n.W\nWhat problems?\n.I 2\n.W\nUnjudged?\n',
      'CISI.REL': '     1     1\t0\t0.000000\n',
    });
    const c = cisi(dir);
    expect(c.docs).toEqual([{ id: '1', title: 'Dewey', text: 'A history.' }]);
    expect([...c.queries.keys()]).toEqual(['1']);
    expect(c.judgments.get('1')).toEqual(new Map([['1', 1]]));
  });
});

describe('readCollection', () => {
  it('names the files a collection lacks', () => {
    const read = readCollection(folder({ 'scifact/corpus.jsonl': '' }), 'scifact');
    expect(read).toMatchObject({ ok: false });
    expect(read.ok ? '' : read.why).toMatch(/lacks queries\.jsonl, qrels\/test\.tsv$/);
  });
});
