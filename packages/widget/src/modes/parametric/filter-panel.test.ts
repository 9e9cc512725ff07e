import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, CLIENT_ID, productRows } from '../../test/fixtures.ts';
import {
  buttonNamed,
  cellTexts,
  clickAndWait,
  mountWidget,
  nextResults,
  statusText,
} from '../../test/mount-widget.ts';

afterEach(() => {
  document.body.replaceChildren();
});

function checkbox(root: HTMLElement, label: string): HTMLInputElement {
  const found = [...root.querySelectorAll('label')].find(
    (candidate) => candidate.querySelector('.siteseer-option-label')?.textContent === label,
  );
  const box = found?.querySelector('input[type=checkbox]');
  if (!(box instanceof HTMLInputElement)) throw new Error(`no checkbox '${label}'`);
  return box;
}

function optionNames(root: HTMLElement): string[] {
  return [...root.querySelectorAll('.siteseer-filter--list label')].map((label) => label.textContent ?? '');
}

function rangeInput(root: HTMLElement, name: string): HTMLInputElement {
  const label = [...root.querySelectorAll('.siteseer-filter--range label')].find(
    (l) => l.textContent === name,
  );
  const input = label?.querySelector('input');
  if (!input) throw new Error(`no range input '${name}'`);
  return input;
}

async function toggle(root: HTMLElement, box: HTMLInputElement): Promise<void> {
  const results = nextResults(root);
  box.click();
  await results;
}

async function commit(root: HTMLElement, input: HTMLInputElement, value: string): Promise<void> {
  const results = nextResults(root);
  input.value = value;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await results;
}

describe('list filters', () => {
  it('render a labelled checkbox group with the facet counts', async () => {
    const { root } = await mountWidget();
    expect(root.querySelector('section[aria-label=Filters] fieldset legend')?.textContent).toBe('Color');
    expect(optionNames(root)).toEqual(['Red(9)', 'Green(8)', 'Blue(8)']);
  });

  it('apply on change when autoApplyFilters, back on page 1, with counts of the other filters', async () => {
    const { root, service } = await mountWidget();
    await clickAndWait(root, buttonNamed(root, 'Next'));
    await toggle(root, checkbox(root, 'Red'));
    expect(service.last()).toMatchObject({ filters: { color: { values: ['Red'] } }, page: 1 });
    expect(statusText(root)).toBe('9 results');
    expect(checkbox(root, 'Red').checked).toBe(true);

    await toggle(root, checkbox(root, 'Blue'));
    expect(service.last().filters).toEqual({ color: { values: ['Red', 'Blue'] } });
    await toggle(root, checkbox(root, 'Red'));
    await toggle(root, checkbox(root, 'Blue'));
    expect(service.last().filters).toEqual({});
  });

  it('hide blank values unless allowEmptyFilterValues', async () => {
    const rows = productRows().map((row, index) =>
      index < 2 ? { ...row, color: index === 0 ? null : '' } : row,
    );
    const hidden = await mountWidget({ rows });
    expect(optionNames(hidden.root).some((name) => name.startsWith('(empty)'))).toBe(false);
    document.body.replaceChildren();

    const shown = await mountWidget({ rows, settings: { allowEmptyFilterValues: true } });
    expect(optionNames(shown.root)).toContain('(empty)(2)');
    await toggle(shown.root, checkbox(shown.root, '(empty)'));
    expect(shown.service.last().filters).toEqual({ color: { values: [''] } });
  });
});

describe('range filters', () => {
  it('are a labelled Min/Max pair bounded by the facet', async () => {
    const { root } = await mountWidget();
    const min = rangeInput(root, 'Price Min');
    const max = rangeInput(root, 'Price Max');
    expect(root.querySelector('.siteseer-filter--range legend')?.textContent).toBe('Price');
    expect([min.type, min.min, min.max, max.min, max.max]).toEqual([
      'number',
      '10.5',
      '262.5',
      '10.5',
      '262.5',
    ]);
    expect(min.placeholder).toBe(new Intl.NumberFormat().format(10.5));
  });

  it('send the bounds on change and on Enter', async () => {
    const { root, service } = await mountWidget();
    await commit(root, rangeInput(root, 'Price Min'), '100');
    expect(service.last().filters).toEqual({ price: { min: 100 } });

    const max = rangeInput(root, 'Price Max');
    max.value = '150';
    const results = nextResults(root);
    max.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await results;
    expect(service.last().filters).toEqual({ price: { min: 100, max: 150 } });
    expect(cellTexts(root).map((row) => row[0])).toEqual([
      'Widget 10',
      'Widget 11',
      'Widget 12',
      'Widget 13',
      'Widget 14',
    ]);

    await commit(root, rangeInput(root, 'Price Min'), '');
    expect(service.last().filters).toEqual({ price: { max: 150 } });
  });
});

describe('apply and clear', () => {
  it('without autoApplyFilters, changes wait for Apply filters', async () => {
    const { root, service } = await mountWidget({ settings: { autoApplyFilters: false } });
    const sent = service.queries.length;
    checkbox(root, 'Green').click();
    rangeInput(root, 'Price Max').value = '50';
    rangeInput(root, 'Price Max').dispatchEvent(new Event('change', { bubbles: true }));
    expect(service.queries).toHaveLength(sent);

    await clickAndWait(root, buttonNamed(root, 'Apply filters'));
    expect(service.last().filters).toEqual({ color: { values: ['Green'] }, price: { max: 50 } });
    expect(checkbox(root, 'Green').checked).toBe(true);
  });

  it('has no Apply button when filters apply automatically', async () => {
    const { root } = await mountWidget();
    expect(() => buttonNamed(root, 'Apply filters')).toThrow();
  });

  it('Clear filters resets every control and searches at once', async () => {
    const { root, service } = await mountWidget({ settings: { autoApplyFilters: false } });
    checkbox(root, 'Red').click();
    rangeInput(root, 'Price Min').value = '20';
    rangeInput(root, 'Price Min').dispatchEvent(new Event('change', { bubbles: true }));
    await clickAndWait(root, buttonNamed(root, 'Apply filters'));

    await clickAndWait(root, buttonNamed(root, 'Clear filters'));
    expect(service.last().filters).toEqual({});
    expect(checkbox(root, 'Red').checked).toBe(false);
    expect(rangeInput(root, 'Price Min').value).toBe('');
    expect(statusText(root)).toBe('25 results');
  });
});

describe('dialog filter format', () => {
  it('opens the filters in a modal dialog from a Filters button; Escape closes it', async () => {
    const { root } = await mountWidget({ settings: { filterFormat: 'dialog' } });
    const toggleButton = buttonNamed(root, 'Filters');
    const dialog = root.querySelector('dialog') as HTMLDialogElement;
    expect(toggleButton.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog.open).toBe(false);
    expect(dialog.querySelector('fieldset legend')?.textContent).toBe('Color');
    expect(root.querySelector(`#${dialog.getAttribute('aria-labelledby')}`)?.textContent).toBe('Filters');

    toggleButton.click();
    expect(dialog.open).toBe(true);
    dialog
      .querySelector('input')
      ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(toggleButton);
  });

  it('Apply filters applies, closes the dialog and shows the count on the button', async () => {
    const { root, service } = await mountWidget({
      settings: { filterFormat: 'dialog', autoApplyFilters: false },
    });
    const dialog = root.querySelector('dialog') as HTMLDialogElement;
    buttonNamed(root, 'Filters').click();
    checkbox(root, 'Blue').click();
    await clickAndWait(root, buttonNamed(dialog, 'Apply filters'));
    expect(service.last().filters).toEqual({ color: { values: ['Blue'] } });
    expect(dialog.open).toBe(false);
    expect(root.querySelector('.siteseer-filters-toggle')?.textContent).toBe('Filters (1)');
    buttonNamed(root, 'Close');
  });
});

describe('download link', () => {
  it('says it holds the first 100,000 results when a search finds more', async () => {
    const many = Array.from({ length: 100_001 }, (_, n) => ({ ...productRows()[1], name: `Row ${n}` }));
    const { root } = await mountWidget({ settings: { allowDownload: true }, rows: many });
    expect(root.querySelector('.siteseer-download')?.textContent).toBe(
      'Download the first 100,000 results (CSV)',
    );
    const input = root.querySelector('input[type=search]') as HTMLInputElement;
    input.value = 'Row 7';
    const results = nextResults(root);
    input.form?.requestSubmit();
    await results;
    expect(root.querySelector('.siteseer-download')?.textContent).toBe('Download results (CSV)');
  });

  it('is offered only with allowDownload', async () => {
    const { root } = await mountWidget();
    expect(root.querySelector('.siteseer-download')).toBeNull();
  });

  it('carries the current query: q, filters as JSON, sort as column:direction', async () => {
    const { root } = await mountWidget({ settings: { allowDownload: true } });
    const link = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Download results (CSV)');
    expect(link?.getAttribute('href')).toBe(`${API_BASE}/search/${CLIENT_ID}/download`);

    await toggle(root, checkbox(root, 'Red'));
    await clickAndWait(root, root.querySelector('thead th:nth-child(3) button'));
    const input = root.querySelector('input[type=search]') as HTMLInputElement;
    input.value = 'widget';
    const results = nextResults(root);
    input.form?.requestSubmit();
    await results;

    const url = new URL(link?.getAttribute('href') ?? '');
    expect(url.pathname).toBe(`/search/${CLIENT_ID}/download`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'widget',
      filters: JSON.stringify({ color: { values: ['Red'] } }),
      sort: 'stock:asc',
    });
  });
});
