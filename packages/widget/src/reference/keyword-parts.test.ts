import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../mount.ts';
import { fakeKeywordService } from '../test/fake-keyword-service.ts';
import { API_BASE, CLIENT_ID } from '../test/fixtures.ts';
import { keywordConfig, keywordPages } from '../test/keyword-fixtures.ts';
import { optionTexts, pageInput, press, searchFor, typeInto, waitFor } from '../test/mount-keyword.ts';
import { KEYWORD_POPUP_PARTS, KEYWORD_WIDGET_PARTS, type WidgetPart } from './keyword-parts.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** 'siteseer > siteseer-results > siteseer-hits', for every element of a part tree → its tags. */
function documentedPaths(part: WidgetPart, parent = ''): Map<string, readonly string[]> {
  const path = parent ? `${parent} > ${part.classes[0]}` : (part.classes[0] ?? '');
  const paths = new Map<string, readonly string[]>([[path, part.tags]]);
  for (const child of part.children ?? []) {
    for (const [childPath, tags] of documentedPaths(child, path)) paths.set(childPath, tags);
  }
  return paths;
}

/** Every element under `root` with a siteseer class, by its path of first classes → its tag names. */
function observedPaths(root: Element, into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const element of [root, ...root.querySelectorAll('[class]')]) {
    const chain: string[] = [];
    for (let at: Element | null = element; at && root.contains(at); at = at.parentElement) {
      const first = at.classList[0];
      if (first?.startsWith('siteseer')) chain.unshift(first);
    }
    if (!element.classList[0]?.startsWith('siteseer')) continue;
    const path = chain.join(' > ');
    into.set(path, (into.get(path) ?? new Set()).add(element.localName));
  }
  return into;
}

function statesOf(part: WidgetPart): string[] {
  return [
    ...(part.states ?? []).filter((s) => !s.whileSearching).map((s) => s.selector),
    ...(part.children ?? []).flatMap(statesOf),
  ];
}

/** The selectors matched by `root` or an element inside it. */
function matchedStates(root: Element, selectors: string[], into: Set<string>): void {
  for (const selector of selectors) {
    if (root.matches(selector) || root.querySelector(selector)) into.add(selector);
  }
}

/** Compares what the widget rendered with the documented tree, for every path and tag. */
function expectTree(observed: Map<string, Set<string>>, part: WidgetPart) {
  const documented = documentedPaths(part);
  expect([...observed.keys()].sort()).toEqual([...documented.keys()].sort());
  for (const [path, tags] of observed) {
    expect(documented.get(path), path).toEqual(expect.arrayContaining([...tags]));
  }
}

describe('the documented keyword parts', () => {
  it('are the elements, nesting and states the keyword widget renders with its own input', async () => {
    // A popular search too: the list then shows both kinds.
    const service = fakeKeywordService({
      config: keywordConfig(),
      // A document among the pages: its result carries its file type.
      pages: [
        ...keywordPages(),
        {
          url: 'https://site.example.test/prices.pdf',
          title: 'Price list',
          body: 'Pricing of every plan.',
          type: 'pdf',
        },
      ],
      popularQueries: ['widget guide'],
      corrections: { pricng: 'pricing' },
    });
    const host = document.createElement('div');
    document.body.append(host);
    const handle = mount(host, {
      clientId: CLIENT_ID,
      apiBase: API_BASE,
      fetch: service.fetch,
      debounceMs: 5,
      pageSize: 2,
      theme: 'dark',
    });
    await handle.ready;
    const { root } = handle;
    const input = root.querySelector<HTMLInputElement>('input[role=combobox]');
    if (!input) throw new Error('no search input');
    const observed = new Map<string, Set<string>>();
    const states = statesOf(KEYWORD_WIDGET_PARTS);
    const matched = new Set<string>();
    const look = () => {
      observedPaths(root, observed);
      matchedStates(root, states, matched);
    };

    // Many pages (tabs, pager with an ellipsis), then a pinned result, then open suggestions.
    await searchFor(root, input, 'widget');
    look();
    await searchFor(root, input, 'pricing');
    look();
    // A correction offered, and the results of one.
    await searchFor(root, input, 'pricng');
    look();
    typeInto(input, 'wid');
    await waitFor(() => optionTexts().length > 0, 'suggestions');
    press(input, 'ArrowDown');
    look();

    expectTree(observed, KEYWORD_WIDGET_PARTS);
    expect([...matched].sort()).toEqual([...states].sort());
  });

  it("are the popup the widget puts after a page's own input", async () => {
    // A popular search too: the list then shows both kinds.
    const service = fakeKeywordService({
      config: keywordConfig(),
      pages: keywordPages(),
      popularQueries: ['widget guide'],
    });
    const input = pageInput();
    const host = document.createElement('div');
    document.body.append(host);
    const handle = mount(host, {
      clientId: CLIENT_ID,
      apiBase: API_BASE,
      fetch: service.fetch,
      debounceMs: 5,
      input: '#siteseer-search-input',
    });
    await handle.ready;
    typeInto(input, 'wid');
    await waitFor(() => optionTexts().length > 0, 'suggestions');
    press(input, 'ArrowDown');
    const popup = input.nextElementSibling;
    if (!popup) throw new Error('no popup after the input');

    expectTree(observedPaths(popup), KEYWORD_POPUP_PARTS);
    const matched = new Set<string>();
    matchedStates(popup, statesOf(KEYWORD_POPUP_PARTS), matched);
    expect([...matched].sort()).toEqual(statesOf(KEYWORD_POPUP_PARTS).sort());
    // The widget's own root then has no form of its own.
    expect(handle.root.querySelector('form')).toBeNull();
  });
});
