import { afterEach, describe, expect, it } from 'vitest';
import { productRows } from '../../test/fixtures.ts';
import {
  buttonNamed,
  cellTexts,
  clickAndWait,
  mountWidget,
  nextResults,
  statusText,
} from '../../test/mount-widget.ts';

const number = (value: number) => new Intl.NumberFormat().format(value);

afterEach(() => {
  document.body.replaceChildren();
});

describe('parametric results table', () => {
  it('renders a real table: caption, one th scope=col per column in order', async () => {
    const { root } = await mountWidget();
    const table = root.querySelector('table');
    expect(table?.querySelector('caption')?.textContent).toBe('Search results');
    const headers = [...root.querySelectorAll('thead th')];
    expect(headers.map((th) => th.textContent)).toEqual([
      'Name',
      'Price',
      'Stock',
      'In stock',
      'Photo',
      'Page',
      'Datasheet',
    ]);
    expect(headers.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect(root.querySelectorAll('tbody tr')).toHaveLength(10);
  });

  it('scrolls a table wider than a phone in a named region that the keyboard can reach (was: only the mouse could)', async () => {
    const { root } = await mountWidget();
    const wrap = root.querySelector<HTMLElement>('.siteseer-table-wrap');
    expect(wrap?.getAttribute('role')).toBe('region');
    expect(wrap?.tabIndex).toBe(0);
    const caption = root.querySelector('caption');
    expect(caption?.id).not.toBe('');
    expect(wrap?.getAttribute('aria-labelledby')).toBe(caption?.id);
  });

  it('formats typed cells: locale numbers, True/False, lazy images, links', async () => {
    const { root } = await mountWidget();
    const [, second] = cellTexts(root);
    expect(second?.slice(0, 4)).toEqual(['Widget 02', number(21), number(2000), 'True']);
    expect(cellTexts(root)[2]?.[3]).toBe('False');

    const row = root.querySelectorAll('tbody tr')[1];
    const image = row?.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://customer.example.test/images/2.png');
    expect(image?.getAttribute('alt')).toBe('Photo');
    expect(image?.getAttribute('loading')).toBe('lazy');

    const [page, datasheet] = [...(row?.querySelectorAll('a') ?? [])];
    expect(page?.textContent).toBe('Page');
    expect(page?.getAttribute('href')).toBe('https://shop.example.test/p/2');
    expect(page?.hasAttribute('target')).toBe(false);
    expect(datasheet?.textContent).toBe('Open datasheet');
    expect(datasheet?.getAttribute('href')).toBe('https://docs.example.test/2.pdf');
    expect(datasheet?.getAttribute('target')).toBe('_blank');
    expect(datasheet?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('refuses javascript:, data: and vbscript: URLs and shows the value as text', async () => {
    const { root } = await mountWidget();
    const first = root.querySelector('tbody tr');
    expect(first?.querySelector('img')).toBeNull();
    expect(first?.querySelectorAll('a')).toHaveLength(0);
    expect(cellTexts(root)[0]?.slice(4)).toEqual(['', 'javascript:alert(1)', 'sheet 1']);
    expect(root.querySelector('a[href^="javascript"], a[href^="data"], img[src^="data"]')).toBeNull();
  });

  it('renders markup in data as text, never as HTML', async () => {
    const rows = productRows();
    rows[0] = { ...rows[0], name: '<img src=x onerror="alert(1)"><b>bold</b>' };
    const { root } = await mountWidget({ rows });
    expect(cellTexts(root)[0]?.[0]).toBe('<img src=x onerror="alert(1)"><b>bold</b>');
    expect(root.querySelector('tbody b, tbody img[src="x"]')).toBeNull();
  });

  it('sorts by a column header button: asc, then desc, with aria-sort', async () => {
    const { root, service } = await mountWidget();
    const price = root.querySelector('thead th:nth-child(2)');
    const sortButton = price?.querySelector('button');
    expect(sortButton?.getAttribute('type')).toBe('button');
    expect(price?.getAttribute('aria-sort')).toBe('none');
    expect(root.querySelector('thead th:nth-child(4) button')).toBeNull(); // not sortable

    await clickAndWait(root, sortButton);
    expect(price?.getAttribute('aria-sort')).toBe('ascending');
    expect(service.last().sort).toEqual({ column: 'price', direction: 'asc' });

    await clickAndWait(root, sortButton);
    expect(price?.getAttribute('aria-sort')).toBe('descending');
    expect(service.last()).toMatchObject({ sort: { column: 'price', direction: 'desc' }, page: 1 });
    expect(cellTexts(root)[0]?.[0]).toBe('Widget 25');

    await clickAndWait(root, root.querySelector('thead th:nth-child(1) button'));
    expect(price?.getAttribute('aria-sort')).toBe('none');
    expect(root.querySelector('thead th:nth-child(1)')?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('pages with Previous, page numbers and Next, announcing the count', async () => {
    const { root, service } = await mountWidget();
    expect(statusText(root)).toBe('25 results');
    const status = root.querySelector('[role=status]');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    const pager = root.querySelector('nav[aria-label=Pagination]') as HTMLElement;
    expect(pager.hidden).toBe(false);
    expect([...pager.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Next',
    ]);
    expect(buttonNamed(pager, 'Previous').getAttribute('aria-disabled')).toBe('true');

    await clickAndWait(root, buttonNamed(pager, 'Next'));
    expect(service.last().page).toBe(2);
    expect(cellTexts(root)[0]?.[0]).toBe('Widget 11');
    expect(buttonNamed(pager, 'Page 2').getAttribute('aria-current')).toBe('page');
    // Focus stays on the pager: the live region says the page (was: '25 results' again, not read out).
    expect(statusText(root)).toBe('25 results, page 2 of 3');

    await clickAndWait(root, buttonNamed(pager, 'Page 3'));
    expect(root.querySelectorAll('tbody tr')).toHaveLength(5);
    const next = buttonNamed(pager, 'Next');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    const sent = service.queries.length;
    next.click();
    expect(service.queries).toHaveLength(sent);
  });

  it('shows No results and hides the table when nothing matches', async () => {
    const { root } = await mountWidget({ rows: [] });
    expect(statusText(root)).toBe('No results');
    expect((root.querySelector('.siteseer-results') as HTMLElement).hidden).toBe(true);
    expect((root.querySelector('nav') as HTMLElement).hidden).toBe(true);
  });

  it('shows the unavailable message and a siteseer:error event when the service fails', async () => {
    const { root, events } = await mountWidget({ status: 500 });
    expect(root.querySelector('[role=alert]')?.textContent).toBe('Search is unavailable right now.');
    expect(events).toContainEqual({
      type: 'siteseer:error',
      detail: { message: 'Search service answered 500' },
    });
  });
});

describe('search bar', () => {
  it('debounces typing into one query and goes back to page 1', async () => {
    const { root, service } = await mountWidget();
    await clickAndWait(root, buttonNamed(root, 'Next'));
    const input = root.querySelector('input[type=search]') as HTMLInputElement;
    expect(root.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Search');
    const sent = service.queries.length;
    const results = nextResults(root);
    for (const text of ['w', 'wi', 'widget 1']) {
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await results;
    expect(service.queries.slice(sent)).toEqual([expect.objectContaining({ q: 'widget 1', page: 1 })]);
    expect(statusText(root)).toBe('10 results');
  });

  it('aborts the request of a query that a newer one replaced', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { root, service } = await mountWidget({ hold: (query) => (query.q === 'slow' ? held : undefined) });
    const input = root.querySelector('input[type=search]') as HTMLInputElement;
    const form = input.form as HTMLFormElement;
    input.value = 'slow';
    form.requestSubmit();
    input.value = 'widget 2';
    const results = nextResults(root);
    form.requestSubmit();
    await results;
    release();
    const slow = service.queries.findIndex((query) => query.q === 'slow');
    expect(service.signals[slow]?.aborted).toBe(true);
    expect(cellTexts(root).map((row) => row[0])).toContain('Widget 20');
  });

  it('searches again on Enter with the same text, e.g. to retry', async () => {
    const { root, service } = await mountWidget();
    const form = root.querySelector('form[role=search]') as HTMLFormElement;
    const sent = service.queries.length;
    await new Promise<void>((resolve) => {
      root.addEventListener('siteseer:results', () => resolve(), { once: true });
      form.requestSubmit();
    });
    expect(service.queries).toHaveLength(sent + 1);
  });

  it('is left out unless showSearchBar', async () => {
    const { root } = await mountWidget({ settings: { showSearchBar: false } });
    expect(root.querySelector('input[type=search]')).toBeNull();
  });
});
