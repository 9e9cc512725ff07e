import type { KeywordSearchConfig, PageType } from '@siteseer/core';
import { CLIENT_ID } from './fixtures.ts';

export interface FixturePage {
  url: string;
  title: string;
  body: string;
  /** What the page was read from ('html' when absent). */
  type?: PageType;
}

export function keywordConfig(tabs = true): KeywordSearchConfig {
  return {
    clientId: CLIENT_ID,
    type: 'kw',
    engineName: 'Docs site',
    tabs: tabs
      ? [
          { name: 'all', icon: 'all' },
          { name: 'docs', icon: 'documentation' },
          { name: 'blog', icon: 'blog' },
        ]
      : [{ name: 'all', icon: 'all' }],
  };
}

/**
 * 24 pages about widgets (15 under /docs/, 8 under /blog/ and page 3, a trap with hostile markup
 * and a javascript: URL), so 'widget' fills three pages of 10; 'pricing' has a pinned page.
 */
export function keywordPages(): FixturePage[] {
  const pages: FixturePage[] = Array.from({ length: 24 }, (_, index) => {
    const n = index + 1;
    const section = n <= 16 ? 'docs' : 'blog';
    return {
      url: `https://site.example.test/${section}/page-${n}`,
      title: `Widget guide ${n}`,
      body: `Part ${n} of the widget guide. Install the widget, then configure it.`,
    };
  });
  pages[2] = {
    url: 'javascript:alert(1)',
    title: '<img src=x onerror="alert(1)">Widget trap',
    body: 'Widget <b>tags</b> & "quotes" stay text.',
  };
  pages.push({
    url: 'https://site.example.test/pricing',
    title: 'Pricing',
    body: 'Plans and prices for every team.',
  });
  return pages;
}
