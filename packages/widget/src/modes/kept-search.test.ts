import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID } from '../test/fixtures.ts';
import { hitTitles, mountKeywordWidget, nextOutcome, searchFor } from '../test/mount-keyword.ts';
import { buttonNamed, clickAndWait, mountWidget } from '../test/mount-widget.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  sessionStorage.clear();
  history.replaceState(null, '', '/catalog/');
});

/** The browser's record of how this document was reached. */
function arrivedBy(type: NavigationTimingType, url = location.href) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((kind) =>
    kind === 'navigation' ? ([{ type, name: url }] as unknown as PerformanceEntryList) : [],
  );
}

const statusText = (root: HTMLElement) => root.querySelector('[role=status]')?.textContent;
const selectedTab = (root: HTMLElement) => root.querySelector('[role=tab][aria-selected=true]')?.textContent;

/** A visitor searches 'widget', picks the Blog tab, then leaves the page (its widget is gone). */
async function searchThenLeave(): Promise<void> {
  const { root, input, handle } = await mountKeywordWidget();
  await searchFor(root, input, 'guide');
  const outcome = nextOutcome(root);
  buttonNamed(root, 'Blog (8)').click();
  await outcome;
  handle.destroy();
  document.body.replaceChildren();
}

describe('keyword search kept for Back', () => {
  it('Back to the results page shows the search the visitor left (was: an empty page)', async () => {
    await searchThenLeave();

    arrivedBy('back_forward');
    const { root, input, service } = await mountKeywordWidget();
    expect(input.value).toBe('guide');
    expect(Object.fromEntries(service.last())).toMatchObject({ q: 'guide', tab: 'blog', page: '1' });
    expect(selectedTab(root)).toBe('Blog (8)');
    expect(statusText(root)).toBe('8 results');
    expect(hitTitles(root)).toHaveLength(8);
  });

  it('a fresh visit, or a page reached later by a single-page app, starts empty', async () => {
    await searchThenLeave();

    arrivedBy('navigate');
    const fresh = await mountKeywordWidget();
    expect(fresh.service.searches).toEqual([]);
    expect(fresh.input.value).toBe('');
    fresh.handle.destroy();
    document.body.replaceChildren();

    await searchThenLeave();
    arrivedBy('back_forward', 'https://shop.example.test/elsewhere/');
    const routed = await mountKeywordWidget();
    expect(routed.service.searches).toEqual([]);
  });

  it('an emptied search is forgotten, and nothing breaks where storage is refused', async () => {
    const { root, input, handle } = await mountKeywordWidget();
    await searchFor(root, input, 'guide');
    input.value = '';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    handle.destroy();
    document.body.replaceChildren();
    arrivedBy('back_forward');
    expect((await mountKeywordWidget()).service.searches).toEqual([]);
    document.body.replaceChildren();

    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const blocked = await mountKeywordWidget();
    await searchFor(blocked.root, blocked.input, 'guide');
    expect(statusText(blocked.root)).toBe('23 results');
  });
});

describe('parametric query kept for Back', () => {
  it('Back to the table shows the text, filters, sort and page the visitor left (was: the first page, unfiltered)', async () => {
    const before = await mountWidget();
    const option = (root: HTMLElement, name: string) =>
      [...root.querySelectorAll('label')]
        .find((label) => label.textContent?.startsWith(name))
        ?.querySelector('input');
    await clickAndWait(before.root, option(before.root, 'Red'));
    await clickAndWait(before.root, option(before.root, 'Green'));
    await clickAndWait(before.root, buttonNamed(before.root, 'Price'));
    await clickAndWait(before.root, buttonNamed(before.root, 'Price'));
    await clickAndWait(before.root, buttonNamed(before.root, 'Next'));
    const left = before.service.last();
    expect(left).toMatchObject({ filters: { color: { values: ['Red', 'Green'] } }, page: 2 });
    before.handle.destroy();
    document.body.replaceChildren();

    arrivedBy('back_forward');
    const back = await mountWidget();
    expect(back.service.queries).toEqual([left]);
    expect(option(back.root, 'Red')?.checked).toBe(true);
    expect(option(back.root, 'Green')?.checked).toBe(true);
    expect(option(back.root, 'Blue')?.checked).toBe(false);
    expect(back.root.querySelector('th[aria-sort=descending]')?.textContent).toBe('Price');
    expect(buttonNamed(back.root, 'Page 2').getAttribute('aria-current')).toBe('page');
    back.handle.destroy();
    document.body.replaceChildren();

    arrivedBy('navigate');
    const fresh = await mountWidget();
    expect(fresh.service.queries).toEqual([{ q: '', filters: {}, page: 1, pageSize: 10 }]);
  });

  it('drops what the engine no longer has: a filter, a sort column', async () => {
    sessionStorage.setItem(
      `siteseer:search:${CLIENT_ID}:${location.href}`,
      JSON.stringify({
        q: 'widget',
        filters: { gone: { values: ['x'] }, price: { min: 20, max: 'lots' } },
        sort: { column: 'photo', direction: 'asc' },
        page: 1,
        pageSize: 99,
      }),
    );
    arrivedBy('reload');
    const { service, root } = await mountWidget();
    expect(service.queries).toEqual([
      { q: 'widget', filters: { price: { min: 20 } }, page: 1, pageSize: 10 },
    ]);
    expect(root.querySelector<HTMLInputElement>('input[type=search]')?.value).toBe('widget');
  });
});
