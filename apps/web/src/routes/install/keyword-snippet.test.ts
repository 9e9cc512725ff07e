import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYWORD_INSTALL_OPTIONS, keywordSnippets } from './keyword-snippet.ts';

describe('keyword install snippets', () => {
  it('Given the defaults, then 10 results per page, description size 500 and no URL rewriting', () => {
    const { script, input, results } = keywordSnippets(
      'https://s.example/api',
      'c1',
      DEFAULT_KEYWORD_INSTALL_OPTIONS,
    );
    expect(script).toContain('src="https://s.example/widget/siteseer-widget.js"');
    expect(script).toContain('data-siteseer-client="c1"');
    expect(script).toContain('data-siteseer-results-per-page="10"');
    expect(script).toContain('data-siteseer-description-size="500"');
    expect(script).toContain('data-siteseer-url-rewriting="false"');
    expect(script).not.toContain('redirect-page');
    expect(input).toContain('id="siteseer-search-input"');
    expect(results).toBe('<div data-siteseer-results></div>');
  });

  it('Given text with quotes, then attributes are escaped', () => {
    const { script } = keywordSnippets('https://s.example/api', 'c1', {
      ...DEFAULT_KEYWORD_INSTALL_OPTIONS,
      placeholder: 'Say "hi" <b>',
    });
    expect(script).toContain('data-siteseer-placeholder="Say &quot;hi&quot; &lt;b&gt;"');
  });

  it('Given popular searches on focus, then the script asks for them; off (the default), then it says nothing of them', () => {
    const on = keywordSnippets('https://search.example', 'c1', {
      ...DEFAULT_KEYWORD_INSTALL_OPTIONS,
      popularOnFocus: true,
    });
    expect(on.script).toContain('data-siteseer-popular-on-focus="true"');
    const off = keywordSnippets('https://search.example', 'c1', DEFAULT_KEYWORD_INSTALL_OPTIONS);
    expect(off.script).not.toContain('popular-on-focus');
  });

  it('Given auto-correct on (the default), then no attribute; off, the script turns it off', () => {
    const on = keywordSnippets('https://s.example/api', 'c1', DEFAULT_KEYWORD_INSTALL_OPTIONS).script;
    expect(on).not.toContain('auto-correct');
    const off = keywordSnippets('https://s.example/api', 'c1', {
      ...DEFAULT_KEYWORD_INSTALL_OPTIONS,
      autoCorrect: false,
    }).script;
    expect(off).toContain('data-siteseer-auto-correct="false"');
  });
});
