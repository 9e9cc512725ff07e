import { describe, expect, it } from 'vitest';
import { escapeHtml, html, raw } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('returns a text with none of them as it is', () => {
    expect(escapeHtml('plain words, numbers 3.11 and ünïcode')).toBe('plain words, numbers 3.11 and ünïcode');
    expect(escapeHtml('')).toBe('');
  });
});

describe('html', () => {
  it('escapes interpolated values unless they are raw', () => {
    const markup = html`<p>${'<b>'}${raw('<i>ok</i>')}${['&', 1]}</p>`;
    expect(markup).toEqual(raw('<p>&lt;b&gt;<i>ok</i>&amp;1</p>'));
  });
});
