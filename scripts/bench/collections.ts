/**
 * The public test collections of the bench's collections section, read from plain files as their
 * distributions lay them out (see collections/README.md for where each comes from): Cranfield and
 * CISI in the SMART format (`.I` records of `.T`, `.W`… fields), and BEIR's SciFact (corpus.jsonl,
 * queries.jsonl, qrels/test.tsv). Each becomes documents (title + text), the judged queries and
 * their judgments as gains for nDCG (collection-metrics.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Judgments } from './collection-metrics.ts';

/** One document: what its page shows. */
export interface CollectionDoc {
  id: string;
  title: string;
  text: string;
}

export interface Collection {
  name: string;
  /** Kept aside to check that what was tuned on the others generalises: never tuned on. */
  heldOut: boolean;
  docs: CollectionDoc[];
  /** The text of every query with at least one relevant document, by query id. */
  queries: Map<string, string>;
  /** Per query id: document id → gain. */
  judgments: Map<string, Judgments>;
}

/** A SMART-format record: its `.I` id and its fields by letter (`T`, `W`, …), lines joined. */
interface SmartRecord {
  id: string;
  fields: Map<string, string>;
}

/** The records of a SMART-format file (`.I 12` starts one, `.T` / `.W` / … a field of it). */
export function smartRecords(text: string): SmartRecord[] {
  const records: SmartRecord[] = [];
  let field: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const start = /^\.I\s+(\S+)/.exec(line);
    if (start) {
      records.push({ id: String(Number(start[1])), fields: new Map() });
      field = undefined;
      continue;
    }
    const fieldStart = /^\.([A-Z])\s*$/.exec(line);
    const record = records.at(-1);
    if (!record) continue;
    if (fieldStart) {
      field = fieldStart[1] as string;
      record.fields.set(field, '');
    } else if (field) {
      const before = record.fields.get(field) as string;
      record.fields.set(field, before ? `${before}\n${line}` : line);
    }
  }
  for (const record of records)
    for (const [field, text] of record.fields) record.fields.set(field, text.trimEnd());
  return records;
}

/** Whitespace runs as one space, trimmed. */
const tidy = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function addJudgment(judgments: Map<string, Map<string, number>>, query: string, doc: string, gain: number) {
  const judged = judgments.get(query) ?? new Map<string, number>();
  judged.set(doc, gain);
  judgments.set(query, judged);
}

/** The judged queries with at least one relevant document, and their texts. */
function judgedOnly(
  name: string,
  heldOut: boolean,
  docs: CollectionDoc[],
  texts: Map<string, string>,
  judgments: Map<string, Map<string, number>>,
): Collection {
  const queries = new Map<string, string>();
  const kept = new Map<string, Judgments>();
  for (const [query, judged] of judgments) {
    const text = texts.get(query);
    if (text === undefined || ![...judged.values()].some((gain) => gain > 0)) continue;
    queries.set(query, text);
    kept.set(query, judged);
  }
  return { name, heldOut, docs, queries, judgments: kept };
}

/**
 * Cranfield (1,400 aeronautics abstracts, 225 queries). cranqrel numbers the queries 1..225 in
 * the order of cran.qry, whose own `.I` numbers skip; its grades run from 1 (a complete answer) to
 * 4 (of minimum interest), -1 for no interest: gains 4 down to 1, and 0, as ir_datasets maps them.
 */
export function cranfield(dir: string): Collection {
  const read = (file: string) => readFileSync(join(dir, file), 'latin1');
  const docs = smartRecords(read('cran.all.1400')).map(({ id, fields }) => ({
    id,
    title: tidy(fields.get('T')),
    text: tidy(fields.get('W')),
  }));
  const texts = new Map(
    smartRecords(read('cran.qry')).map((q, i) => [String(i + 1), tidy(q.fields.get('W'))]),
  );
  const judgments = new Map<string, Map<string, number>>();
  for (const line of read('cranqrel').split('\n')) {
    const [query, doc, grade] = line.trim().split(/\s+/);
    if (!query || !doc || !grade) continue;
    const g = Number(grade);
    addJudgment(judgments, query, doc, g >= 1 && g <= 4 ? 5 - g : 0);
  }
  return judgedOnly('Cranfield', false, docs, texts, judgments);
}

/**
 * CISI (1,460 library-science abstracts, 112 queries, 76 of them judged). CISI.REL lists the
 * relevant documents of each query, unranked: gain 1.
 */
export function cisi(dir: string): Collection {
  const read = (file: string) => readFileSync(join(dir, file), 'latin1');
  const docs = smartRecords(read('CISI.ALL')).map(({ id, fields }) => ({
    id,
    title: tidy(fields.get('T')),
    text: tidy(fields.get('W')),
  }));
  const texts = new Map(
    smartRecords(read('CISI.QRY')).map(({ id, fields }) => [id, tidy(fields.get('W') ?? fields.get('T'))]),
  );
  const judgments = new Map<string, Map<string, number>>();
  for (const line of read('CISI.REL').split('\n')) {
    const [query, doc] = line.trim().split(/\s+/);
    if (query && doc) addJudgment(judgments, String(Number(query)), String(Number(doc)), 1);
  }
  return judgedOnly('CISI', false, docs, texts, judgments);
}

/** BEIR's SciFact, test split (5,183 abstracts, 300 claims as queries): qrels' scores (1) as gains. */
function scifact(dir: string): Collection {
  const lines = (file: string) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim().length > 0);
  const docs = lines('corpus.jsonl').map((line) => {
    const doc = JSON.parse(line) as { _id: string; title: string; text: string };
    return { id: doc._id, title: tidy(doc.title), text: tidy(doc.text) };
  });
  const texts = new Map(
    lines('queries.jsonl').map((line) => {
      const query = JSON.parse(line) as { _id: string; text: string };
      return [query._id, tidy(query.text)];
    }),
  );
  const judgments = new Map<string, Map<string, number>>();
  for (const line of lines(join('qrels', 'test.tsv')).slice(1)) {
    const [query, doc, score] = line.split('\t');
    if (query && doc && score) addJudgment(judgments, query, doc, Number(score));
  }
  return judgedOnly('SciFact', true, docs, texts, judgments);
}

const READERS = { cranfield, cisi, scifact } as const;
export type CollectionName = keyof typeof READERS;
export const COLLECTION_NAMES = Object.keys(READERS) as CollectionName[];

/** The files each collection is read from, under its folder. */
const FILES: Record<CollectionName, string[]> = {
  cranfield: ['cran.all.1400', 'cran.qry', 'cranqrel'],
  cisi: ['CISI.ALL', 'CISI.QRY', 'CISI.REL'],
  scifact: ['corpus.jsonl', 'queries.jsonl', join('qrels', 'test.tsv')],
};

/** The collection under `root/name`, or why not (the files missing). */
export function readCollection(
  root: string,
  name: CollectionName,
): { ok: true; collection: Collection } | { ok: false; why: string } {
  const dir = join(root, name);
  const missing = FILES[name].filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) return { ok: false, why: `${dir} lacks ${missing.join(', ')}` };
  return { ok: true, collection: READERS[name](dir) };
}
