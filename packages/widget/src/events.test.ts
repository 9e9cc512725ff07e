import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, clickAndWait, mountWidget } from './test/mount-widget.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('client events', () => {
  it('siteseer:search carries the query sent; siteseer:results what came back', async () => {
    const { root, events, service } = await mountWidget();
    expect(events).toEqual([
      { type: 'siteseer:search', detail: { q: '', filters: {}, page: 1, pageSize: 10 } },
      { type: 'siteseer:results', detail: { total: 25, page: 1, rows: 10, took: 3, searchId: 'search--1' } },
    ]);
    await clickAndWait(root, buttonNamed(root, 'Page 3'));
    expect(events.slice(2)).toEqual([
      { type: 'siteseer:search', detail: service.last() },
      { type: 'siteseer:results', detail: { total: 25, page: 3, rows: 5, took: 3, searchId: 'search--3' } },
    ]);
  });

  it('bubble from the .siteseer root to the page', async () => {
    const seen: string[] = [];
    document.addEventListener('siteseer:results', (event) => {
      seen.push((event.target as HTMLElement).className);
    });
    await mountWidget();
    expect(seen).toEqual(['siteseer siteseer--parametric']);
  });

  it('siteseer:click reports the row, the column, the URL and the position of a followed link', async () => {
    const { root, events } = await mountWidget();
    const link = root.querySelectorAll('tbody tr')[1]?.querySelector('a');
    let defaultPrevented = true;
    root.addEventListener('click', (event) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault(); // no navigation in the test page
    });
    link?.click();
    const click = events.find((event) => event.type === 'siteseer:click');
    expect(click?.detail).toEqual({
      row: expect.objectContaining({ name: 'Widget 02' }),
      column: 'page',
      url: 'https://shop.example.test/p/2',
      position: 2,
    });
    expect(defaultPrevented).toBe(false);
  });

  it('a listener can cancel the navigation with preventDefault', async () => {
    const { root } = await mountWidget();
    root.addEventListener('siteseer:click', (event) => event.preventDefault());
    let defaultPrevented = false;
    root.addEventListener('click', (event) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    });
    root.querySelectorAll('tbody tr')[1]?.querySelector('a')?.click();
    expect(defaultPrevented).toBe(true);
  });
});
