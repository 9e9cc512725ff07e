import { describe, expect, it } from 'vitest';
import { decodeReferences, snippetNodes } from './snippet.ts';

function render(snippet: string): HTMLElement {
  const paragraph = document.createElement('p');
  paragraph.append(...snippetNodes(snippet));
  return paragraph;
}

describe('snippets', () => {
  it('keeps the <mark> of the query words and the escaped text as text', () => {
    const paragraph = render('Install the <mark>widget</mark> &amp; its &lt;b&gt;tags&lt;/b&gt;');
    expect([...paragraph.childNodes].map((node) => node.nodeName)).toEqual(['#text', 'MARK', '#text']);
    expect(paragraph.querySelector('mark')?.textContent).toBe('widget');
    expect(paragraph.textContent).toBe('Install the widget & its <b>tags</b>');
    expect(paragraph.querySelector('b')).toBeNull();
  });

  it('never builds other elements, even from a snippet that was not escaped', () => {
    const paragraph = render('<img src=x onerror="alert(1)"><mark>a</mark><script>alert(2)</script>');
    expect(paragraph.querySelectorAll('*')).toHaveLength(1);
    expect(paragraph.textContent).toBe('<img src=x onerror="alert(1)">a<script>alert(2)</script>');
  });

  it('reads an escaped <mark> as text, and a mark left open to the end', () => {
    expect(render('&lt;mark&gt;x&lt;/mark&gt;').querySelector('mark')).toBeNull();
    const open = render('one <mark>two three');
    expect(open.querySelector('mark')?.textContent).toBe('two three');
    expect(render('stray</mark> end').textContent).toBe('stray end');
  });

  it('decodes numeric and the usual named references; others stay as written', () => {
    expect(decodeReferences('&#39;&#x27;&quot;&apos;&nbsp;&amp;amp;')).toBe("''\"'\u00a0&amp;");
    expect(decodeReferences('&#128512; &#0; &#xD800; &#1114112;')).toBe('\u{1F600} \ufffd \ufffd \ufffd');
    expect(decodeReferences('&copy; &AMP; &#xZZ;')).toBe('&copy; &AMP; &#xZZ;');
  });

  it('drops bidi controls, written as characters or as references (was: "&#8238;" reversed the rest)', () => {
    const paragraph = render('a\u202eb <mark>c&#x2067;</mark> &#8238;d&#8236;');
    expect(paragraph.textContent).toBe('ab c d');
    expect(paragraph.querySelector('mark')?.textContent).toBe('c');
  });
});
