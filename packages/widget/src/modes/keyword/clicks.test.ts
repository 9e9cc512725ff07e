import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLink } from '../../test/follow-link.ts';
import { mountKeywordWidget, nextOutcome, searchFor } from '../../test/mount-keyword.ts';
import { buttonNamed } from '../../test/mount-widget.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/**
 * Clicks a result title as a visitor does and tells whether the widget cancelled the navigation;
 * the test page itself never navigates.
 */
function clickResult(root: HTMLElement, index: number, init: MouseEventInit = {}, type = 'click'): boolean {
  const link = root.querySelectorAll('a.siteseer-hit-title')[index];
  if (!link) throw new Error(`no result link ${index}`);
  return followLink(root, link, init, type);
}

describe('keyword client events', () => {
  it('siteseer:search carries the search sent; siteseer:results what came back', async () => {
    const { root, input, events } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    expect(events).toEqual([
      { type: 'siteseer:search', detail: { query: 'widget', tab: 'all', page: 1, pageSize: 10 } },
      {
        type: 'siteseer:results',
        detail: {
          query: 'widget',
          tab: 'all',
          page: 1,
          total: 24,
          tabs: [
            { name: 'all', count: 24 },
            { name: 'docs', count: 15 },
            { name: 'blog', count: 8 },
          ],
          hits: 10,
          took: 2,
          searchId: 'search-widget-all-1',
        },
      },
    ]);
  });

  it('a result click sends siteseer:click and a beacon {searchId, url, position}', async () => {
    const { root, input, events, service } = await mountKeywordWidget();
    await searchFor(root, input, 'widget');
    const outcome = nextOutcome(root);
    buttonNamed(root, 'Page 2').click();
    await outcome;
    expect(clickResult(root, 1)).toBe(false);
    expect(events.at(-1)).toEqual({
      type: 'siteseer:click',
      detail: {
        query: 'widget',
        tab: 'all',
        url: 'https://site.example.test/docs/page-12',
        position: 12,
        pinned: false,
        source: 'result',
      },
    });
    expect(service.clicks).toEqual([
      { searchId: 'search-widget-all-2', url: 'https://site.example.test/docs/page-12', position: 12 },
    ]);
  });

  it('a middle click counts too; a listener may cancel the navigation, the beacon still goes', async () => {
    const { root, input, service } = await mountKeywordWidget();
    await searchFor(root, input, 'pricing');
    clickResult(root, 0, { button: 1 }, 'auxclick');
    clickResult(root, 0, { button: 2 }, 'auxclick'); // the context menu is no click
    expect(service.clicks).toHaveLength(1);

    root.addEventListener('siteseer:click', (event) => event.preventDefault());
    expect(clickResult(root, 0)).toBe(true);
    expect(service.clicks.at(-1)).toEqual({
      searchId: 'search-pricing-all-1',
      url: 'https://site.example.test/pricing',
      position: 1,
    });
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', async () => {
    const { root, input, service } = await mountKeywordWidget({ refuseBeacons: true });
    await searchFor(root, input, 'pricing');
    clickResult(root, 0);
    await vi.waitFor(() => expect(service.clicks).toHaveLength(1));
    expect(service.clicks[0]?.url).toBe('https://site.example.test/pricing');
  });
});
