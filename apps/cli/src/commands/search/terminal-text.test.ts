import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  snippetParts,
  snippetText,
  terminalText,
  truncate,
  visibleLength,
  wrap,
} from './terminal-text.ts';

const ESC = '\u001b';

describe('snippets as plain text', () => {
  it('given marks and entities, then the marks are dropped and the entities decoded', () => {
    const snippet =
      'Tom &amp; Jerry &lt;b&gt; say &quot;<mark>hello</mark>&quot; &#39;<mark>world</mark>&#x27; &copy;';
    expect(snippetText(snippet)).toBe(`Tom & Jerry <b> say "hello" 'world' &copy;`);
    expect(
      snippetParts(snippet)
        .filter((part) => part.marked)
        .map((part) => part.text),
    ).toEqual(['hello', 'world']);
  });

  it('given a mark written on the page itself, then it arrives escaped and stays text, not a match', () => {
    const parts = snippetParts('write &lt;mark&gt;x&lt;/mark&gt; to <mark>highlight</mark>');
    expect(parts).toEqual([
      { text: 'write <mark>x</mark> to ', marked: false },
      { text: 'highlight', marked: true },
    ]);
  });

  it('given a styler, then each matched word is styled on its own, so a wrapped line never carries a style over', () => {
    const bold = (text: string) => `*${text}*`;
    expect(snippetText('the <mark>crawl loop</mark> runs', bold)).toBe('the *crawl* *loop* runs');
  });

  it('given numeric references out of range or to surrogates, then the replacement character', () => {
    expect(decodeEntities('&#0; &#xD800; &#1114112; &#65; &unknown;')).toBe(
      '\ufffd \ufffd \ufffd A &unknown;',
    );
  });
});

describe('text from sites on a terminal', () => {
  it('given escape sequences, controls and bidi overrides in a title, then they are dropped', () => {
    const title = `Hello${ESC}]0;owned\u0007${ESC}[2J \u202eevil\u202c\u0085 world\r\n  again`;
    const shown = terminalText(title);
    expect(shown).toBe('Hello]0;owned[2J evil world again');
  });

  it('given an escape encoded as an entity in a snippet, then it is dropped after decoding', () => {
    expect(snippetText('a &#27;[31mred&#x1b;[0m <mark>b</mark>')).toBe('a [31mred[0m b');
  });

  it('wraps words to a width, measuring styled words by what shows, and truncates with an ellipsis', () => {
    expect(wrap('one two three four five', 9)).toEqual(['one two', 'three', 'four five']);
    expect(wrap(`${ESC}[1mbold${ESC}[22m word`, 9)).toEqual([`${ESC}[1mbold${ESC}[22m word`]);
    expect(wrap('averyveryverylongword x', 5)).toEqual(['averyveryverylongword', 'x']);
    expect(visibleLength(`${ESC}[1mab${ESC}[22m`)).toBe(2);
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
});
