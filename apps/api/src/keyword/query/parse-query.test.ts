import { parseCharacterMapping, parseSynonyms, type SynonymRule } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_SLOTS, MAX_SLOT_ALTERNATIVES, normaliseQuery, parseKeywordQuery } from './parse-query.ts';

const DEFAULT_MAPPINGS = parseCharacterMapping("’ => ', Ω => ohm, μ => u").mappings;
const plain = { mappings: [], synonyms: [] };

function rules(text: string): SynonymRule[] {
  const parsed = parseSynonyms(text);
  expect(parsed.errors).toEqual([]);
  return parsed.rules;
}

function word(w: string, weight = 1) {
  return { words: [w], weight };
}

describe('parseKeywordQuery: words and prefixes', () => {
  it('given words ending with a space, then one slot per word and no prefix', () => {
    expect(parseKeywordQuery('Install Python ', plain)).toEqual({
      slots: [{ alternatives: [word('install')] }, { alternatives: [word('python')] }],
      normalised: 'install python',
    });
  });

  it('given words not ending with a space, then the last word is a prefix', () => {
    expect(parseKeywordQuery('install pyth', plain).slots).toEqual([
      { alternatives: [word('install')] },
      { alternatives: [word('pyth')], prefix: true },
    ]);
  });

  it('given punctuation, then it splits words as the index does and a word before it is not a prefix', () => {
    const parsed = parseKeywordQuery('os.path.join?', plain);
    expect(parsed.slots.map((slot) => slot.alternatives[0]?.words)).toEqual([['os'], ['path'], ['join']]);
    expect(parsed.slots.some((slot) => slot.prefix)).toBe(false);
    expect(parsed.normalised).toBe('os path join');
  });

  it('given accents and capitals, then words are normalised', () => {
    expect(parseKeywordQuery('Café  CRÈME ', plain).normalised).toBe('cafe creme');
  });

  it('given no words, then no slots and an empty normalised query', () => {
    expect(parseKeywordQuery('  ?! ', plain)).toEqual({ slots: [], normalised: '' });
    expect(parseKeywordQuery('', plain)).toEqual({ slots: [], normalised: '' });
  });

  it(`given more than ${MAX_QUERY_SLOTS} words, then ${MAX_QUERY_SLOTS} slots and every word in normalised`, () => {
    const text = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const parsed = parseKeywordQuery(text, plain);
    expect(parsed.slots).toHaveLength(MAX_QUERY_SLOTS);
    expect(parsed.slots.at(-1)?.alternatives[0]?.words).toEqual(['w31']);
    expect(parsed.normalised.split(' ')).toHaveLength(40);
  });
});

describe('parseKeywordQuery: Chinese and Japanese', () => {
  it('given characters written together, then one phrase slot of them; apart, one slot each', () => {
    expect(parseKeywordQuery('東京タワー 京', plain).slots).toEqual([
      { alternatives: [{ words: ['東', '京', 'タ', 'ワ', 'ー'], weight: 1 }], phrase: true },
      { alternatives: [word('京')], prefix: true },
    ]);
    expect(parseKeywordQuery('東京 python', plain).slots).toEqual([
      { alternatives: [{ words: ['東', '京'], weight: 1 }], phrase: true },
      { alternatives: [word('python')], prefix: true },
    ]);
  });
});

describe('parseKeywordQuery: quoted phrases', () => {
  it('given a quoted phrase, then one phrase slot with its words', () => {
    expect(parseKeywordQuery('"Hello World" example ', plain).slots).toEqual([
      { alternatives: [{ words: ['hello', 'world'], weight: 1 }], phrase: true },
      { alternatives: [word('example')] },
    ]);
  });

  it('given a query ending with a closed phrase, then nothing is a prefix', () => {
    const slots = parseKeywordQuery('run "unit tests"', plain).slots;
    expect(slots.some((slot) => slot.prefix)).toBe(false);
    expect(slots[1]).toEqual({ alternatives: [{ words: ['unit', 'tests'], weight: 1 }], phrase: true });
  });

  it('given an unclosed quote, then the phrase runs to the end and is not a prefix', () => {
    expect(parseKeywordQuery('docs "getting star', plain).slots).toEqual([
      { alternatives: [word('docs')] },
      { alternatives: [{ words: ['getting', 'star'], weight: 1 }], phrase: true },
    ]);
  });

  it('given typographic quotes, then they quote like ASCII ones', () => {
    expect(parseKeywordQuery('“new york” pizza', plain).slots[0]).toEqual({
      alternatives: [{ words: ['new', 'york'], weight: 1 }],
      phrase: true,
    });
  });

  it('given empty quotes, then they add no slot', () => {
    expect(parseKeywordQuery('a "" b ', plain).slots).toHaveLength(2);
  });

  it('given two phrases next to each other, then two phrase slots', () => {
    const slots = parseKeywordQuery('"a b""c d"', plain).slots;
    expect(slots.map((slot) => [slot.phrase, slot.alternatives[0]?.words])).toEqual([
      [true, ['a', 'b']],
      [true, ['c', 'd']],
    ]);
  });
});

describe('parseKeywordQuery: character mapping', () => {
  it('given Ω and a curly apostrophe, then they are mapped before the words are read', () => {
    const parsed = parseKeywordQuery('100Ω resistor’s ', { mappings: DEFAULT_MAPPINGS, synonyms: [] });
    expect(parsed.normalised).toBe('100ohm resistor s');
    expect(parseKeywordQuery('Ω law', { mappings: DEFAULT_MAPPINGS, synonyms: [] }).slots[0]).toEqual({
      alternatives: [word('ohm')],
    });
  });

  it('given a mapping whose output ends the text, then the last word is still a prefix', () => {
    expect(parseKeywordQuery('10 kΩ', { mappings: DEFAULT_MAPPINGS, synonyms: [] }).slots.at(-1)).toEqual({
      alternatives: [word('kohm')],
      prefix: true,
    });
  });
});

describe('parseKeywordQuery: synonyms', () => {
  it('given an equivalence group, then a typed word gets the others at 0.8, both ways', () => {
    const synonyms = rules('tv, television, telly');
    expect(parseKeywordQuery('tv guide ', { mappings: [], synonyms }).slots[0]).toEqual({
      alternatives: [word('tv'), word('television', 0.8), word('telly', 0.8)],
    });
    expect(parseKeywordQuery('telly ', { mappings: [], synonyms }).slots[0]).toEqual({
      alternatives: [word('telly'), word('tv', 0.8), word('television', 0.8)],
    });
  });

  it('given a one-way rule, then only its from side expands', () => {
    const synonyms = rules('ipod => mp3 player');
    expect(parseKeywordQuery('ipod ', { mappings: [], synonyms }).slots[0]).toEqual({
      alternatives: [word('ipod'), { words: ['mp3', 'player'], weight: 0.8 }],
    });
    expect(parseKeywordQuery('mp3 player ', { mappings: [], synonyms }).slots).toEqual([
      { alternatives: [word('mp3')] },
      { alternatives: [word('player')] },
    ]);
  });

  it('given a multi-word phrase in the query, then its span is one slot with the typed words first', () => {
    const synonyms = rules('new york city, nyc');
    expect(parseKeywordQuery('pizza New York City ', { mappings: [], synonyms }).slots).toEqual([
      { alternatives: [word('pizza')] },
      { alternatives: [{ words: ['new', 'york', 'city'], weight: 1 }, word('nyc', 0.8)] },
    ]);
  });

  it('given overlapping phrases, then the longest match wins, left to right', () => {
    const synonyms = rules('new york, ny\nnew york city, nyc\nyork, eboracum');
    const slots = parseKeywordQuery('new york city york ', { mappings: [], synonyms }).slots;
    expect(slots.map((slot) => slot.alternatives.map((a) => a.words.join(' ')))).toEqual([
      ['new york city', 'nyc'],
      ['york', 'eboracum'],
    ]);
    const shorter = parseKeywordQuery('new york pizza ', { mappings: [], synonyms }).slots;
    expect(shorter.map((slot) => slot.alternatives.map((a) => a.words.join(' ')))).toEqual([
      ['new york', 'ny'],
      ['pizza'],
    ]);
  });

  it('given a phrase split by punctuation in the file, then it matches the query words of the same text', () => {
    const synonyms = rules('wi-fi, wireless');
    expect(parseKeywordQuery('Wi-Fi setup ', { mappings: [], synonyms }).slots[0]).toEqual({
      alternatives: [{ words: ['wi', 'fi'], weight: 1 }, word('wireless', 0.8)],
    });
  });

  it('given the last word matching a synonym, then its slot expands and stays a prefix', () => {
    const synonyms = rules('tv, television');
    expect(parseKeywordQuery('cheap tv', { mappings: [], synonyms }).slots[1]).toEqual({
      alternatives: [word('tv'), word('television', 0.8)],
      prefix: true,
    });
  });

  it('given a quoted phrase holding a synonym, then the phrase is exact and not expanded', () => {
    const synonyms = rules('tv, television');
    expect(parseKeywordQuery('"tv stand"', { mappings: [], synonyms }).slots).toEqual([
      { alternatives: [{ words: ['tv', 'stand'], weight: 1 }], phrase: true },
    ]);
  });

  it('given a span across a quote, then it does not match', () => {
    const synonyms = rules('new york, ny');
    const slots = parseKeywordQuery('new "york" ', { mappings: [], synonyms }).slots;
    expect(slots).toHaveLength(2);
    expect(slots[0]?.alternatives).toHaveLength(1);
  });

  it('given two lines with the same phrase, then their synonyms add up without repeats', () => {
    const synonyms = rules('car, auto\ncar => automobile, auto');
    expect(parseKeywordQuery('car ', { mappings: [], synonyms }).slots[0]?.alternatives).toEqual([
      word('car'),
      word('auto', 0.8),
      word('automobile', 0.8),
    ]);
  });

  it('given synonyms with mapped characters, then the mapping applies to them too', () => {
    const synonyms = rules('µf, microfarad');
    const mappings = parseCharacterMapping('µ => u').mappings;
    expect(parseKeywordQuery('10 uF ', { mappings, synonyms }).slots[1]).toEqual({
      alternatives: [word('uf'), word('microfarad', 0.8)],
    });
  });

  it(`given a huge group, then at most ${MAX_SLOT_ALTERNATIVES} alternatives`, () => {
    const synonyms = rules(Array.from({ length: 100 }, (_, i) => `c${i}`).join(', '));
    const slot = parseKeywordQuery('c0 ', { mappings: [], synonyms }).slots[0];
    expect(slot?.alternatives).toHaveLength(MAX_SLOT_ALTERNATIVES);
    expect(slot?.alternatives[0]).toEqual(word('c0'));
  });

  it('given the same rules list again, then the same answer (the table is cached per list)', () => {
    const synonyms = rules('a, b');
    const first = parseKeywordQuery('a ', { mappings: [], synonyms });
    expect(parseKeywordQuery('a ', { mappings: [], synonyms })).toEqual(first);
    expect(
      parseKeywordQuery('a ', { mappings: parseCharacterMapping('a => b').mappings, synonyms }).slots[0],
    ).toEqual({ alternatives: [word('b')] });
  });
});

describe('normaliseQuery', () => {
  it('given spellings of one query, then one normalised form', () => {
    const spellings = ['Ω Resistors', '  ohm   RESISTORS ', 'ohm, resistors!'];
    expect(new Set(spellings.map((q) => normaliseQuery(q, DEFAULT_MAPPINGS)))).toEqual(
      new Set(['ohm resistors']),
    );
  });
});
