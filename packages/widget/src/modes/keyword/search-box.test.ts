import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mountKeywordWidget,
  nextOutcome,
  optionTexts,
  pageInput,
  press,
  typeInto,
  waitFor,
} from '../../test/mount-keyword.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  document.head.replaceChildren();
});

const listbox = () => document.querySelector<HTMLElement>('[role=listbox]');
const activeOption = (input: HTMLInputElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

async function suggestionsFor(input: HTMLInputElement, text: string): Promise<string[]> {
  typeInto(input, text);
  await waitFor(() => input.getAttribute('aria-expanded') === 'true', 'the suggestions');
  return optionTexts();
}

describe('keyword search box', () => {
  it('renders its own labelled input when the page has none, and searches nothing until asked', async () => {
    const { root, input, service } = await mountKeywordWidget();
    const form = root.querySelector('form[role=search]');
    expect(form?.contains(input)).toBe(true);
    expect(root.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Search');
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-controls')).toBe(listbox()?.id);
    expect(listbox()?.getAttribute('aria-label')).toBe('Suggestions');
    expect(service.searches).toEqual([]);
    expect(root.querySelector('[role=status]')?.textContent).toBe('');
  });

  it('attaches to the page input of the selector, sets its placeholder, and gives it back on destroy', async () => {
    const input = pageInput('site-q');
    const { root, handle } = await mountKeywordWidget({
      keyword: { input: '#site-q', placeholder: 'Search docs' },
    });
    expect(root.querySelector('form, input')).toBeNull();
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.placeholder).toBe('Search docs');
    expect(input.getAttribute('aria-label')).toBe('Search the site');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.nextElementSibling?.classList.contains('siteseer-popup')).toBe(true);

    handle.destroy();
    expect(input.hasAttribute('role')).toBe(false);
    expect(input.hasAttribute('placeholder')).toBe(false);
    expect(input.hasAttribute('aria-controls')).toBe(false);
    expect(input.getAttribute('aria-label')).toBe('Search the site');
    expect(document.querySelector('.siteseer-popup')).toBeNull();
  });

  it('names a page input that has no label, and renders its own when the selector finds nothing', async () => {
    const bare = document.createElement('input');
    bare.className = 'q';
    document.body.append(bare);
    await mountKeywordWidget({ keyword: { input: '.q' } });
    expect(bare.getAttribute('aria-label')).toBe('Search');

    document.body.replaceChildren();
    const { root } = await mountKeywordWidget({ keyword: { input: '#missing[' } });
    expect(root.querySelector('form[role=search] input[role=combobox]')).not.toBeNull();
  });

  it('suggests page titles as you type; arrows move the active option, wrapping; Escape closes', async () => {
    const { input, service } = await mountKeywordWidget();
    expect(await suggestionsFor(input, 'guide 1')).toEqual([
      'Widget guide 1',
      'Widget guide 10',
      'Widget guide 11',
      'Widget guide 12',
      'Widget guide 13',
      'Widget guide 14',
      'Widget guide 15',
      'Widget guide 16',
    ]);
    expect(service.suggests.at(-1)).toBe('guide 1');
    expect(activeOption(input)).toBeNull();

    press(input, 'ArrowDown');
    expect(activeOption(input)).toBe('Widget guide 1');
    expect(document.querySelector('[aria-selected=true]')?.textContent).toBe('Widget guide 1');
    press(input, 'ArrowUp');
    expect(activeOption(input)).toBe('Widget guide 16');
    press(input, 'ArrowDown');
    expect(activeOption(input)).toBe('Widget guide 1');

    const escaped = press(input, 'Escape');
    expect(escaped.defaultPrevented).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listbox()?.hidden).toBe(true);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    press(input, 'ArrowDown', { altKey: true });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(activeOption(input)).toBeNull();
  });

  it("scrolls the active option into the list's view (was: arrowed past the fold of a tall list, out of sight)", async () => {
    const { input } = await mountKeywordWidget();
    await suggestionsFor(input, 'guide 1');
    const scrolled: (string | null)[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: HTMLElement,
      arg?: boolean | ScrollIntoViewOptions,
    ) {
      expect(arg).toEqual({ block: 'nearest' });
      scrolled.push(this.textContent);
    });
    for (let step = 0; step < 7; step += 1) press(input, 'ArrowDown');
    expect(activeOption(input)).toBe('Widget guide 15');
    expect(scrolled.at(-1)).toBe('Widget guide 15');
    press(input, 'ArrowUp');
    expect(scrolled.at(-1)).toBe('Widget guide 14');
  });

  it('tells a screen reader how many suggestions appeared (was: silent, the list only shown)', async () => {
    const input = pageInput();
    await mountKeywordWidget({ keyword: { input: '#siteseer-search-input' } });
    const spoken = () => document.querySelector('.siteseer-popup [aria-live=polite]')?.textContent;
    expect(spoken()).toBe('');
    await suggestionsFor(input, 'guide 1');
    expect(spoken()).toBe('8 suggestions, use the arrow keys to choose');
    const said = document.querySelector('.siteseer-popup [aria-live=polite]')?.firstChild;
    typeInto(input, 'guide');
    await waitFor(() => optionTexts()[1] === 'Widget guide 2', 'the new suggestions');
    expect(document.querySelector('.siteseer-popup [aria-live=polite]')?.firstChild).toBe(said);
    press(input, 'Escape');
    expect(spoken()).toBe('');
    await suggestionsFor(input, 'pricing');
    expect(spoken()).toBe('1 suggestion, use the arrow keys to choose');
    typeInto(input, '');
    expect(spoken()).toBe('');

    document.body.replaceChildren();
    const own = await mountKeywordWidget();
    await suggestionsFor(own.input, 'pricing');
    expect(own.root.querySelector('form [aria-live=polite]')?.textContent).toBe(
      '1 suggestion, use the arrow keys to choose',
    );
  });

  it("Escape that closes the list goes no further (was: it also closed the site's search overlay)", async () => {
    const input = pageInput();
    await mountKeywordWidget({ keyword: { input: '#siteseer-search-input' } });
    const seen: string[] = [];
    const overlay = (event: KeyboardEvent) => seen.push(event.key);
    document.addEventListener('keydown', overlay);
    await suggestionsFor(input, 'guide 1');
    press(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(seen).toEqual([]);
    press(input, 'Escape');
    expect(seen).toEqual(['Escape']);
    document.removeEventListener('keydown', overlay);
  });

  it('debounces: only the text typed last is asked for', async () => {
    const { input, service } = await mountKeywordWidget();
    typeInto(input, 'p');
    typeInto(input, 'pr');
    await suggestionsFor(input, 'pri');
    expect(service.suggests).toEqual(['pri']);
    expect(optionTexts()).toEqual(['Pricing']);
  });

  it('Enter on a suggestion goes to its page, after a cancelable siteseer:click', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { input, root, events, service } = await mountKeywordWidget();
    await suggestionsFor(input, 'pricing');
    press(input, 'ArrowDown');
    press(input, 'Enter');
    expect(assign).toHaveBeenCalledWith('https://site.example.test/pricing');
    expect(events.at(-1)).toEqual({
      type: 'siteseer:click',
      detail: {
        query: 'pricing',
        tab: 'all',
        url: 'https://site.example.test/pricing',
        position: 1,
        pinned: false,
        source: 'suggestion',
      },
    });
    expect(service.searches).toEqual([]);
    expect(service.clicks).toEqual([]); // no search, so no beacon

    root.addEventListener('siteseer:click', (event) => event.preventDefault());
    await suggestionsFor(input, 'pricing');
    press(input, 'ArrowDown');
    press(input, 'Enter');
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('typing after an arrow drops the active option, so Enter searches the text typed', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { input, root, service } = await mountKeywordWidget();
    await suggestionsFor(input, 'pricing');
    press(input, 'ArrowDown');
    expect(activeOption(input)).toBe('Pricing');

    typeInto(input, 'pricing plans');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(document.querySelector('[role=option][aria-selected=true]')).toBeNull();
    const outcome = nextOutcome(root);
    press(input, 'Enter');
    await outcome;
    expect(assign).not.toHaveBeenCalled();
    expect(service.searches.at(-1)?.get('q')).toBe('pricing plans');
  });

  it('a click on a suggestion chooses it and keeps focus in the input', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { input } = await mountKeywordWidget();
    await suggestionsFor(input, 'guide 2');
    const option = [...document.querySelectorAll('[role=option]')].find(
      (o) => o.textContent === 'Widget guide 21',
    );
    const down = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    option?.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
    (option as HTMLElement).click();
    expect(assign).toHaveBeenCalledWith('https://site.example.test/blog/page-21');
  });

  it('never follows a suggestion whose URL is not http(s)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { input } = await mountKeywordWidget();
    expect(await suggestionsFor(input, 'trap')).toEqual(['<img src=x onerror="alert(1)">Widget trap']);
    expect(document.querySelector('[role=listbox] img')).toBeNull();
    press(input, 'ArrowDown');
    press(input, 'Enter');
    expect(assign).not.toHaveBeenCalled();
  });

  it('suggests titles without their bidi controls; a title of nothing else shows its URL', async () => {
    const pages = [
      { url: 'https://site.example.test/a', title: 'Spoof \u202egnp.exe\u202c one', body: '' },
      { url: 'https://site.example.test/b', title: 'Spoof\u2066\u2069', body: '' },
    ];
    const { input } = await mountKeywordWidget({ pages });
    expect(await suggestionsFor(input, 'spoof')).toEqual(['Spoof gnp.exe one', 'Spoof']);
    document.body.replaceChildren();
    const empty = await mountKeywordWidget({
      pages: [{ url: 'https://site.example.test/c', title: '\u202e\u202c', body: '' }],
    });
    expect(await suggestionsFor(empty.input, '\u202e')).toEqual(['https://site.example.test/c']);
  });

  it('closes the list when the input loses focus or is emptied, and when suggestions fail', async () => {
    const { input } = await mountKeywordWidget({ suggestStatus: 503 });
    typeInto(input, 'widget');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('[role=alert]:not([hidden])')).toBeNull();

    document.body.replaceChildren();
    const working = await mountKeywordWidget();
    await suggestionsFor(working.input, 'widget');
    working.input.blur();
    expect(working.input.getAttribute('aria-expanded')).toBe('false');
    await suggestionsFor(working.input, 'widget');
    typeInto(working.input, '');
    expect(working.input.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers popular searches before page titles; Enter on one searches it, with no click event', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { root, input, service, events } = await mountKeywordWidget({
      popularQueries: ['pricing plans', 'widget pricing'],
    });
    expect(await suggestionsFor(input, 'pricing')).toEqual(['pricing plans', 'widget pricing', 'Pricing']);
    const options = document.querySelectorAll('[role=option]');
    expect([...options].map((option) => option.getAttribute('data-kind'))).toEqual([
      'query',
      'query',
      'page',
    ]);
    expect(document.querySelector('.siteseer-combobox [aria-live=polite]')?.textContent).toBe(
      '3 suggestions, use the arrow keys to choose',
    );

    press(input, 'ArrowDown');
    press(input, 'ArrowDown');
    expect(activeOption(input)).toBe('widget pricing');
    const outcome = nextOutcome(root);
    press(input, 'Enter');
    await outcome;
    expect(service.last().get('q')).toBe('widget pricing');
    expect(input.value).toBe('widget pricing');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(assign).not.toHaveBeenCalled();
    expect(events.filter((event) => event.type === 'siteseer:click')).toEqual([]);
  });

  it('with popularOnFocus, an empty box lists the most searched on focus and again when emptied; without, it asks nothing', async () => {
    const { input, service } = await mountKeywordWidget({
      popularQueries: ['pricing plans', 'widget guide'],
      keyword: { popularOnFocus: true },
    });
    input.focus();
    await waitFor(() => input.getAttribute('aria-expanded') === 'true', 'the popular searches');
    expect(optionTexts()).toEqual(['pricing plans', 'widget guide']);
    expect(service.suggests).toEqual(['']);
    press(input, 'ArrowDown');
    expect(activeOption(input)).toBe('pricing plans');

    await suggestionsFor(input, 'guide 1');
    typeInto(input, '');
    await waitFor(() => optionTexts()[0] === 'pricing plans', 'the popular searches again');
    expect(input.getAttribute('aria-expanded')).toBe('true');

    document.body.replaceChildren();
    const plain = await mountKeywordWidget({ popularQueries: ['pricing plans'] });
    plain.input.focus();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(plain.service.suggests).toEqual([]);
    expect(plain.input.getAttribute('aria-expanded')).toBe('false');
  });
});
