import type { SearchConfig } from '@siteseer/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productConfig, productRows } from '../../test/fixtures.ts';
import { buttonNamed, cellTexts, mountWidget, nextResults } from '../../test/mount-widget.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

const DAY = 86_400_000;

function thumb(root: HTMLElement, name: string): HTMLInputElement {
  const found = root.querySelector(`input[type=range][aria-label="${name}"]`);
  if (!(found instanceof HTMLInputElement)) throw new Error(`no slider '${name}'`);
  return found;
}

async function slide(root: HTMLElement, input: HTMLInputElement, value: number): Promise<void> {
  const results = nextResults(root);
  input.value = String(value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await results;
}

/** Products with a release date, one every ten days from 2024-01-01, filtered by a Date range. */
function datedConfig(): SearchConfig {
  const config = productConfig();
  return {
    ...config,
    columns: [
      ...config.columns,
      { id: 'released', label: 'Released', type: 'date', sortable: true, settings: {} },
    ],
    filters: [{ id: 'released', label: 'Released', kind: 'range' }],
  };
}
const datedRows = () =>
  productRows().map((row, i) => ({
    ...row,
    released: new Date(Date.UTC(2024, 0, 1) + i * 10 * DAY).toISOString().slice(0, 10),
  }));

describe('range sliders', () => {
  it('are two named sliders over the facet, saying their values, with the histogram behind them', async () => {
    const { root } = await mountWidget();
    const low = thumb(root, 'Price minimum');
    const high = thumb(root, 'Price maximum');
    expect([low.min, low.step]).toEqual(['10.5', '1']);
    expect(Number(high.value)).toBeLessThanOrEqual(262.5);
    expect(low.getAttribute('aria-valuetext')).toBe(new Intl.NumberFormat().format(10.5));
    expect(high.getAttribute('aria-valuetext')).toBe(new Intl.NumberFormat().format(262.5));
    const bars = [...root.querySelectorAll('.siteseer-histogram .siteseer-bar')];
    expect(bars).toHaveLength(20);
    expect(root.querySelector('.siteseer-histogram')?.getAttribute('aria-hidden')).toBe('true');
    // All 25 prices are in the range: every bar with a value is highlighted.
    expect(bars.every((bar) => bar.classList.contains('siteseer-bar--in'))).toBe(true);
  });

  it('search when a thumb is let go, fill the Min input, and an end thumb is an open bound', async () => {
    const { root, service } = await mountWidget();
    await slide(root, thumb(root, 'Price minimum'), 100);
    expect(service.last().filters).toEqual({ price: { min: 100 } });
    const min = root.querySelector('input[data-siteseer-key="filter:price:min"]') as HTMLInputElement;
    expect(min.value).toBe('100');
    expect(thumb(root, 'Price minimum').getAttribute('aria-valuetext')).toBe('100');
    const bars = [...root.querySelectorAll('.siteseer-histogram .siteseer-bar')];
    expect(bars[0]?.classList.contains('siteseer-bar--in')).toBe(false);
    expect(bars[19]?.classList.contains('siteseer-bar--in')).toBe(true);

    await slide(root, thumb(root, 'Price minimum'), 10.5);
    expect(service.last().filters).toEqual({});
  });

  it('never cross: the minimum stops at the maximum', async () => {
    const { root, service } = await mountWidget();
    await slide(root, thumb(root, 'Price maximum'), 50);
    await slide(root, thumb(root, 'Price minimum'), 200);
    expect(service.last().filters).toEqual({ price: { min: 50, max: 50 } });
  });

  it('follow the typed Min and Max', async () => {
    const { root } = await mountWidget();
    const max = root.querySelector('input[data-siteseer-key="filter:price:max"]') as HTMLInputElement;
    max.value = '120';
    const results = nextResults(root);
    max.dispatchEvent(new Event('change', { bubbles: true }));
    await results;
    expect(thumb(root, 'Price maximum').value).toBe('120');
  });
});

describe('date columns', () => {
  it('are shown in the visitor\u2019s locale, in UTC', async () => {
    const { root } = await mountWidget({ config: datedConfig(), rows: datedRows() });
    const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
    expect(cellTexts(root)[0]?.at(-1)).toBe(format.format(Date.UTC(2024, 0, 1)));
  });

  it('filter with native date inputs: a Min from the start of its day, a Max to the end of its day', async () => {
    const { root, service } = await mountWidget({ config: datedConfig(), rows: datedRows() });
    const min = root.querySelector('input[data-siteseer-key="filter:released:min"]') as HTMLInputElement;
    const max = root.querySelector('input[data-siteseer-key="filter:released:max"]') as HTMLInputElement;
    expect([min.type, min.min, min.max]).toEqual(['date', '2024-01-01', '2024-08-28']);
    min.value = '2024-02-01';
    max.value = '2024-02-20';
    const results = nextResults(root);
    max.dispatchEvent(new Event('change', { bubbles: true }));
    await results;
    expect(service.last().filters).toEqual({
      released: { min: Date.UTC(2024, 1, 1), max: Date.UTC(2024, 1, 21) - 1 },
    });
    // 2024-02-10 and 2024-02-20.
    expect(cellTexts(root)).toHaveLength(2);
    expect(thumb(root, 'Released maximum').getAttribute('aria-valuetext')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.UTC(2024, 1, 20),
      ),
    );
  });

  it('slide a day at a time', async () => {
    const { root } = await mountWidget({ config: datedConfig(), rows: datedRows() });
    expect(thumb(root, 'Released minimum').step).toBe(String(DAY));
  });
});

/** A phone-wide screen, as the widget's media query sees it. */
function narrowScreen(): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === '(max-width: 600px)',
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

describe('the filter drawer on a narrow screen', () => {
  it('puts list-format filters behind a Filters button that counts the active ones', async () => {
    narrowScreen();
    const { root, service } = await mountWidget();
    const toggle = buttonNamed(root, 'Filters');
    const inline = root.querySelector('section.siteseer-filters') as HTMLElement;
    expect(inline.hidden).toBe(true);
    const dialog = root.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.contains(root.querySelector('.siteseer-filter-list'))).toBe(true);
    await slide(root, thumb(root, 'Price minimum'), 100);
    expect(service.last().filters).toEqual({ price: { min: 100 } });
    expect(toggle.textContent).toBe('Filters (1)');
  });

  it('gives focus back to the Filters button when Escape closes the drawer', async () => {
    narrowScreen();
    const { root } = await mountWidget();
    const toggle = buttonNamed(root, 'Filters');
    const dialog = root.querySelector('dialog') as HTMLDialogElement;
    toggle.click();
    expect(dialog.open).toBe(true);
    const slider = thumb(root, 'Price minimum');
    slider.focus();
    slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('gives focus back to the Filters button when Close closes the drawer', async () => {
    narrowScreen();
    const { root } = await mountWidget();
    const toggle = buttonNamed(root, 'Filters');
    const dialog = root.querySelector('dialog') as HTMLDialogElement;
    toggle.click();
    const close = buttonNamed(dialog, 'Close');
    close.focus();
    close.click();
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps them inline on a wide screen', async () => {
    const { root } = await mountWidget();
    const inline = root.querySelector('section.siteseer-filters') as HTMLElement;
    expect(inline.hidden).toBe(false);
    expect(inline.contains(root.querySelector('.siteseer-filter-list'))).toBe(true);
    expect((root.querySelector('.siteseer-filters--dialog') as HTMLElement).hidden).toBe(true);
  });
});
