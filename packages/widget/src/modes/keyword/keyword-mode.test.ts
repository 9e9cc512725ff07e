import { afterEach, describe, expect, it, vi } from 'vitest';
import { keywordConfig } from '../../test/keyword-fixtures.ts';
import {
  hitTitles,
  mountKeywordWidget,
  nextOutcome,
  press,
  searchFor,
  typeInto,
  waitFor,
} from '../../test/mount-keyword.ts';
import { buttonNamed } from '../../test/mount-widget.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  history.replaceState(null, '', '/catalog/');
});

const statusText = (root: HTMLElement) => root.querySelector('[role=status]')?.textContent;
const tabTexts = (root: HTMLElement) =>
  [...root.querySelectorAll('[role=tab]')].map((tab) => tab.textContent);
const selectedTab = (root: HTMLElement) => root.querySelector<HTMLElement>('[role=tab][aria-selected=true]');

describe('keyword results', () => {
  it('Enter searches: title links, their URL and the snippet with the query marked', async () => {
    const { root, input, service } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    expect(Object.fromEntries(service.last())).toEqual({
      q: 'widget',
      tab: 'all',
      page: '1',
      pageSize: '10',
      rewrite: 'false',
    });
    expect(statusText(root)).toBe('24 results');
    expect(root.querySelector('[role=status]')?.getAttribute('aria-live')).toBe('polite');
    const first = root.querySelector('.siteseer-hit');
    const link = first?.querySelector('a');
    expect(link?.textContent).toBe('Widget guide 1');
    expect(link?.getAttribute('href')).toBe('https://site.example.test/docs/page-1');
    expect(first?.querySelector('cite')?.textContent).toBe('site.example.test/docs/page-1');
    const snippet = first?.querySelector('.siteseer-snippet');
    expect(snippet?.textContent).toBe('Part 1 of the widget guide. Install the widget, then configure it.');
    expect([...(snippet?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent)).toEqual([
      'widget',
      'widget',
    ]);
    expect(document.activeElement).toBe(input);
  });

  it('shows hostile titles as text, never follows a javascript: URL, and keeps only <mark> of a snippet', async () => {
    const { root, input } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    const trap = root.querySelectorAll('.siteseer-hit')[2];
    expect(trap?.querySelector('a')).toBeNull();
    expect(trap?.querySelector('.siteseer-hit-title')?.textContent).toBe(
      '<img src=x onerror="alert(1)">Widget trap',
    );
    expect(trap?.querySelector('.siteseer-snippet')?.textContent).toBe(
      'Widget <b>tags</b> & "quotes" stay text.',
    );
    expect(root.querySelector('.siteseer-hits img, .siteseer-hits b, a[href^="javascript"]')).toBeNull();
  });

  it('shows a title and snippet without the bidi controls a page put in them (was: an override reversed them)', async () => {
    const pages = [
      {
        url: 'https://site.example.test/spoof',
        // Under the override the title would read "Spoof exe.txt guide" and the snippet run backwards.
        title: 'Spoof \u202etxt.exe\u202c guide',
        body: 'Spoof \u2067body\u2069 text \u202aand\u202b more\u202d',
      },
    ];
    const { root, input } = await mountKeywordWidget({ pages });
    await searchFor(root, input, 'spoof');
    const hit = root.querySelector('.siteseer-hit');
    expect(hit?.querySelector('.siteseer-hit-title')?.textContent).toBe('Spoof txt.exe guide');
    expect(hit?.querySelector('.siteseer-snippet')?.textContent).toBe('Spoof body text and more');
  });

  it('marks pinned results Featured', async () => {
    const { root, input } = await mountKeywordWidget();
    await searchFor(root, input, 'pricing');
    const pinned = root.querySelector('.siteseer-hit');
    expect(pinned?.classList.contains('siteseer-hit--pinned')).toBe(true);
    expect(pinned?.querySelector('.siteseer-badge')?.textContent).toBe('Featured');
  });

  it('labels a document result with its file type, and a web page with none', async () => {
    const pages = [
      {
        url: 'https://site.example.test/manual.pdf',
        title: 'Gear manual',
        body: 'Gear ratios.',
        type: 'pdf' as const,
      },
      { url: 'https://site.example.test/gears', title: 'Gears', body: 'Gear basics.' },
    ];
    const { root, input } = await mountKeywordWidget({ pages });
    await searchFor(root, input, 'gear');
    const [manual, page] = root.querySelectorAll('.siteseer-hit');
    expect(manual?.querySelector('.siteseer-file-type')?.textContent).toBe('PDF');
    expect(page?.querySelector('.siteseer-file-type')).toBeNull();
  });

  it('says the no-results text in the live region, and an empty query clears the results', async () => {
    const { root, input } = await mountKeywordWidget({ keyword: { noResultsText: 'Nothing matched.' } });
    await searchFor(root, input, 'zebra');
    expect(statusText(root)).toBe('Nothing matched.');
    expect(root.querySelector<HTMLElement>('.siteseer-results')?.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>('[role=tablist]')?.hidden).toBe(true);

    await searchFor(root, input, 'widget');
    input.value = '';
    press(input, 'Enter');
    expect(statusText(root)).toBe('');
    expect(root.querySelector<HTMLElement>('.siteseer-results')?.hidden).toBe(true);
  });

  it('says Searching… while the first results are on their way (was: nothing changed until they came)', async () => {
    const { root, input } = await mountKeywordWidget();
    typeInto(input, 'widget');
    let outcome = nextOutcome(root);
    press(input, 'Enter');
    expect(statusText(root)).toBe('Searching\u2026');
    await outcome;
    expect(statusText(root)).toBe('24 results');

    // With results on screen, they stay (dimmed) and so does their count until the answer.
    typeInto(input, 'guide');
    outcome = nextOutcome(root);
    press(input, 'Enter');
    expect(statusText(root)).toBe('24 results');
    await outcome;
    expect(statusText(root)).toBe('23 results');
  });

  it("defaults to the install page's 'No results found.'", async () => {
    const { root, input } = await mountKeywordWidget();
    await searchFor(root, input, 'zebra');
    expect(statusText(root)).toBe('No results found.');
  });

  it('shows Search is unavailable right now. when a search fails', async () => {
    const { root, input, events } = await mountKeywordWidget({ status: 500 });
    await searchFor(root, input, 'widget');
    expect(root.querySelector('[role=alert]')?.textContent).toBe('Search is unavailable right now.');
    expect(events.at(-1)).toEqual({
      type: 'siteseer:error',
      detail: { message: 'Search service answered 500' },
    });
    expect(statusText(root)).toBe('');
  });

  it('sends the install options: results per page, description size, URL rewriting', async () => {
    const { root, input, service } = await mountKeywordWidget({
      keyword: { pageSize: 20, descriptionSize: 12, urlRewriting: true },
    });
    await searchFor(root, input, 'widget');
    expect(Object.fromEntries(service.last())).toMatchObject({
      pageSize: '20',
      descriptionSize: '50',
      rewrite: 'true',
    });
    expect(root.querySelectorAll('.siteseer-hit')).toHaveLength(20);
  });

  it('searches the ?q= of the page on load (a redirect page), filling the input', async () => {
    history.replaceState(null, '', '/search?q=pricing&utm=x');
    const { root, input, service } = await mountKeywordWidget();
    expect(input.value).toBe('pricing');
    expect(service.last().get('q')).toBe('pricing');
    expect(hitTitles(root)).toEqual(['Pricing']);
  });

  it("searches the first 500 characters of a longer text in a page's input, which has no maxlength", async () => {
    const input = document.createElement('input');
    input.id = 'site-q';
    document.body.append(input);
    const { root, service, events } = await mountKeywordWidget({ keyword: { input: '#site-q' } });
    const text = `widget ${'x'.repeat(600)}`;

    typeInto(input, text);
    await waitFor(() => service.suggests.length > 0, 'the suggestions');
    await searchFor(root, input, text);

    expect(service.suggests.at(-1)).toBe(text.slice(0, 500));
    expect(service.last().get('q')).toBe(text.slice(0, 500));
    expect(root.querySelector<HTMLElement>('[role=alert]')?.hidden).toBe(true);
    expect(events.at(-1)?.type).toBe('siteseer:results');
  });
});

describe('keyword tabs', () => {
  it('a tablist with counts, All first; no tabs for an engine without them', async () => {
    const { root, input } = await mountKeywordWidget();
    expect(root.querySelector<HTMLElement>('[role=tablist]')?.hidden).toBe(true);
    await searchFor(root, input, 'widget');
    expect(root.querySelector('[role=tablist]')?.getAttribute('aria-label')).toBe('Result categories');
    expect(tabTexts(root)).toEqual(['All (24)', 'Docs (15)', 'Blog (8)']);
    expect(selectedTab(root)?.textContent).toBe('All (24)');
    const panel = root.querySelector('[role=tabpanel]');
    expect(panel?.getAttribute('aria-labelledby')).toBe(selectedTab(root)?.id);
    expect(selectedTab(root)?.getAttribute('aria-controls')).toBe(panel?.id);
    expect(root.querySelector('[data-siteseer-icon=documentation]')?.textContent).toBe('Docs (15)');

    document.body.replaceChildren();
    const plain = await mountKeywordWidget({ config: keywordConfig(false) });
    await searchFor(plain.root, plain.input, 'widget');
    expect(plain.root.querySelector('[role=tablist], [role=tabpanel]')).toBeNull();
  });

  it('arrow keys, Home and End move between tabs and select them, keeping focus on the tab', async () => {
    const { root, input, service } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    const all = selectedTab(root) as HTMLElement;
    all.focus();
    expect([...root.querySelectorAll<HTMLElement>('[role=tab]')].map((tab) => tab.tabIndex)).toEqual([
      0, -1, -1,
    ]);

    let outcome = nextOutcome(root);
    press(all, 'ArrowRight');
    expect(selectedTab(root)?.textContent).toBe('Docs (15)');
    await outcome;
    expect(Object.fromEntries(service.last())).toMatchObject({ tab: 'docs', page: '1' });
    expect(statusText(root)).toBe('15 results');
    expect(document.activeElement).toBe(selectedTab(root));
    expect(root.querySelector('[role=tabpanel]')?.getAttribute('aria-labelledby')).toBe(
      selectedTab(root)?.id,
    );

    outcome = nextOutcome(root);
    press(document.activeElement as Element, 'End');
    await outcome;
    expect(selectedTab(root)?.textContent).toBe('Blog (8)');
    expect(hitTitles(root)[0]).toBe('Widget guide 17');

    outcome = nextOutcome(root);
    press(document.activeElement as Element, 'ArrowRight');
    await outcome;
    expect(document.activeElement?.textContent).toBe('All (24)');
    expect(service.last().get('tab')).toBe('all');
  });

  it('a new query keeps the tab and goes back to page 1', async () => {
    const { root, input, service } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    const outcome = nextOutcome(root);
    buttonNamed(root, 'Blog (8)').click();
    await outcome;
    await searchFor(root, input, 'guide');
    expect(Object.fromEntries(service.last())).toMatchObject({ q: 'guide', tab: 'blog', page: '1' });
  });

  it('says where the results are when a kept tab has none (was: the no-results text, as if nothing matched)', async () => {
    const { root, input } = await mountKeywordWidget({ keyword: { noResultsText: 'Nothing matched.' } });
    await searchFor(root, input, 'widget');
    const outcome = nextOutcome(root);
    buttonNamed(root, 'Blog (8)').click();
    await outcome;

    await searchFor(root, input, 'pricing');
    expect(statusText(root)).toBe('No results in Blog; 1 result in All');
    expect(root.querySelector<HTMLElement>('[role=tablist]')?.hidden).toBe(false);
    expect(tabTexts(root)).toEqual(['All (1)', 'Docs (0)', 'Blog (0)']);

    await searchFor(root, input, 'zebra');
    expect(statusText(root)).toBe('Nothing matched.');
  });
});

describe('keyword paging', () => {
  it('pages with the pager; focus stays on the page control', async () => {
    const { root, input, service } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    const pager = root.querySelector('nav[aria-label=Pagination]') as HTMLElement;
    expect([...pager.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Next',
    ]);
    const next = buttonNamed(pager, 'Next');
    next.focus();
    const outcome = nextOutcome(root);
    next.click();
    await outcome;
    expect(service.last().get('page')).toBe('2');
    expect(hitTitles(root)[0]).toBe('Widget guide 11');
    expect(buttonNamed(pager, 'Page 2').getAttribute('aria-current')).toBe('page');
    expect(document.activeElement?.textContent).toBe('Next');
  });

  it('says the page in the live region when it changes, as focus stays on the pager (was: the same words, so nothing was read out)', async () => {
    const { root, input } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    const pager = root.querySelector('nav[aria-label=Pagination]') as HTMLElement;
    const turn = async (name: string) => {
      const outcome = nextOutcome(root);
      buttonNamed(pager, name).click();
      await outcome;
      return statusText(root);
    };

    expect(statusText(root)).toBe('24 results');
    await expect(turn('Next')).resolves.toBe('24 results, page 2 of 3');
    await expect(turn('Page 3')).resolves.toBe('24 results, page 3 of 3');
    await expect(turn('Page 1')).resolves.toBe('24 results');
  });
});
