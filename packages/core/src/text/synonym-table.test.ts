import { describe, expect, it } from 'vitest';
import { parseCharacterMapping } from '../rules/character-mapping.ts';
import { parseSynonyms } from '../rules/synonyms.ts';
import { expandSynonyms, MAX_SLOT_ALTERNATIVES } from './synonym-table.ts';

const rules = (text: string) => parseSynonyms(text).rules;

describe('expandSynonyms (the try box of the Synonyms step)', () => {
  it('Given an equivalence group, when a query has one of its phrases, then it also finds the others', () => {
    expect(expandSynonyms('Cheap TV', rules('tv, television, telly'), [])).toEqual([
      { words: ['cheap'], also: [] },
      { words: ['tv'], also: [['television'], ['telly']] },
    ]);
  });

  it('Given a one-way rule, when the query has its right side, then nothing expands', () => {
    const oneWay = rules('laptop => notebook');
    expect(expandSynonyms('laptop', oneWay, [])).toEqual([{ words: ['laptop'], also: [['notebook']] }]);
    expect(expandSynonyms('notebook', oneWay, [])).toEqual([{ words: ['notebook'], also: [] }]);
  });

  it('Given phrases of several words, when they overlap, then the longest match at each word wins', () => {
    const table = rules('new york, nyc\nnew, fresh');
    expect(expandSynonyms('new york pizza', table, [])).toEqual([
      { words: ['new', 'york'], also: [['nyc']] },
      { words: ['pizza'], also: [] },
    ]);
    expect(expandSynonyms('new pizza', table, [])).toEqual([
      { words: ['new'], also: [['fresh']] },
      { words: ['pizza'], also: [] },
    ]);
  });

  it('Given a character mapping, when the query uses the mapped character, then it matches as search reads it', () => {
    const { mappings } = parseCharacterMapping('Ω => ohm');
    expect(expandSynonyms('10 Ω', rules('ohm, resistance unit'), mappings)).toEqual([
      { words: ['10'], also: [] },
      { words: ['ohm'], also: [['resistance', 'unit']] },
    ]);
  });

  it('Given a huge group, then the synonyms are cut as the runtime cuts its alternatives', () => {
    const group = Array.from({ length: 40 }, (_, index) => `w${index}`).join(', ');
    const [span] = expandSynonyms('w0', rules(group), []);
    expect(span?.also).toHaveLength(MAX_SLOT_ALTERNATIVES - 1);
  });

  it('Given no words, then there is nothing to expand', () => {
    expect(expandSynonyms('  ,. ', rules('a, b'), [])).toEqual([]);
  });
});
