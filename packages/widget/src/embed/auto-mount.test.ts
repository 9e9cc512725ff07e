import { afterEach, describe, expect, it, vi } from 'vitest';
import * as mountModule from '../mount.ts';
import { fakeKeywordService } from '../test/fake-keyword-service.ts';
import { keywordConfig, keywordPages } from '../test/keyword-fixtures.ts';
import { optionTexts, pageInput, press, recordEvents, typeInto, waitFor } from '../test/mount-keyword.ts';
import { mountAll } from './auto-mount.ts';
import { apiBaseFromScriptSrc, embedOptions } from './script-options.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  document.head.replaceChildren();
});

function script(attributes: Record<string, string>): HTMLScriptElement {
  const element = document.createElement('script');
  element.type = 'text/plain'; // keep happy-dom from loading it
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
  return element;
}

describe('embedding', () => {
  it('reads the client and the API base from the script tag', () => {
    const tag = script({ 'data-siteseer-client': ' c1 ', 'data-siteseer-api': 'https://api.example.test' });
    expect(embedOptions(tag)).toEqual({ clientId: 'c1', apiBase: 'https://api.example.test' });
  });

  it('falls back to the script src for the API base, and reads the styles and theme options', () => {
    const tag = script({
      'data-siteseer-client': 'c1',
      src: 'https://api.example.test/base/widget/siteseer-widget.js',
      'data-siteseer-styles': 'none',
      'data-siteseer-theme': 'light',
    });
    expect(embedOptions(tag)).toEqual({
      clientId: 'c1',
      apiBase: 'https://api.example.test/base',
      injectStyles: false,
      theme: 'light',
    });
    expect(apiBaseFromScriptSrc('https://api.example.test/widget/siteseer-widget.js')).toBe(
      'https://api.example.test',
    );
  });

  it('mounts into every [data-siteseer-results] element; an element may name its own client', () => {
    const mount = vi.spyOn(mountModule, 'mount').mockImplementation(() => ({}) as mountModule.WidgetHandle);
    script({ 'data-siteseer-client': 'c1', 'data-siteseer-api': 'https://api.example.test' });
    const first = document.createElement('div');
    first.setAttribute('data-siteseer-results', '');
    const second = document.createElement('div');
    second.setAttribute('data-siteseer-results', '');
    second.setAttribute('data-siteseer-client', 'c2');
    document.body.append(first, second);

    mountAll(document, null);
    expect(mount.mock.calls).toEqual([
      [first, { clientId: 'c1', apiBase: 'https://api.example.test' }],
      [second, { clientId: 'c2', apiBase: 'https://api.example.test' }],
    ]);
  });

  it('does nothing without a script naming a client (programmatic use only)', () => {
    const mount = vi.spyOn(mountModule, 'mount');
    document.body.append(Object.assign(document.createElement('div'), { id: 'x' }));
    expect(mountAll(document, null)).toEqual([]);
    expect(mount).not.toHaveBeenCalled();
  });

  it("reads the keyword install page's attributes", () => {
    // As apps/web routes/install/keyword-snippet.ts writes them.
    const tag = script({
      'data-siteseer-client': 'c1',
      'data-siteseer-api': 'https://api.example.test',
      'data-siteseer-input': '#siteseer-search-input',
      'data-siteseer-results-per-page': '40',
      'data-siteseer-placeholder': 'Search docs',
      'data-siteseer-no-results-text': 'Nothing here.',
      'data-siteseer-description-size': '300',
      'data-siteseer-url-rewriting': 'true',
      'data-siteseer-redirect-page': ' https://customer.example.test/search ',
    });
    expect(embedOptions(tag)).toEqual({
      clientId: 'c1',
      apiBase: 'https://api.example.test',
      input: '#siteseer-search-input',
      pageSize: 40,
      placeholder: 'Search docs',
      noResultsText: 'Nothing here.',
      descriptionSize: 300,
      urlRewriting: true,
      redirectPage: 'https://customer.example.test/search',
    });
    tag.setAttribute('data-siteseer-url-rewriting', 'false');
    tag.setAttribute('data-siteseer-results-per-page', 'many');
    expect(embedOptions(tag)).toMatchObject({ urlRewriting: false });
    expect(embedOptions(tag)).not.toHaveProperty('pageSize');
    expect(embedOptions(tag)).not.toHaveProperty('autoCorrect');
    tag.setAttribute('data-siteseer-auto-correct', 'false');
    expect(embedOptions(tag)).toMatchObject({ autoCorrect: false });
  });

  it('on a page with the search box but no results element, Enter goes to the redirect page', async () => {
    const service = fakeKeywordService({ config: keywordConfig(), pages: keywordPages() });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const tag = script({
      'data-siteseer-client': 'client-1',
      'data-siteseer-api': 'https://search.example.test',
      'data-siteseer-input': '#siteseer-search-input',
      'data-siteseer-placeholder': 'Search docs',
      'data-siteseer-redirect-page': '/search?lang=en',
    });
    const input = pageInput();
    const events = recordEvents(document);
    // The script's own fetch: the fake service, as mount's `fetch` option would be.
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => service.fetch(url, init));
    const [handle] = mountAll(document, tag);
    expect(handle?.root.classList.contains('siteseer-popup')).toBe(true);
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.placeholder).toBe('Search docs');

    typeInto(input, 'pricing');
    await waitFor(() => optionTexts().length > 0, 'suggestions');
    expect(optionTexts()).toEqual(['Pricing']);
    press(input, 'Enter');
    expect(assign).toHaveBeenCalledWith('https://customer.example.test/search?lang=en&q=pricing');
    expect(service.searches).toEqual([]);
    expect(events).toEqual([]);
    expect(mountAll(document, tag)).toEqual([handle]);
    vi.unstubAllGlobals();
  });

  it('mounts nothing without results element when no redirect page is set', () => {
    const tag = script({ 'data-siteseer-client': 'c1', 'data-siteseer-api': 'https://api.example.test' });
    tag.setAttribute('data-siteseer-input', '#siteseer-search-input');
    pageInput();
    expect(mountAll(document, tag)).toEqual([]);
  });
});
