import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLink } from '../../test/follow-link.ts';
import { buttonNamed, clickAndWait, mountWidget } from '../../test/mount-widget.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/**
 * Follows the link of result row `index` as a visitor does and tells whether the widget cancelled
 * the navigation; the test page itself never navigates.
 */
function followRow(root: HTMLElement, index: number, init: MouseEventInit = {}, type = 'click'): boolean {
  const link = root.querySelectorAll('tbody tr')[index]?.querySelector('a[data-siteseer-column]');
  if (!link) throw new Error(`no link in row ${index}`);
  return followLink(root, link, init, type);
}

describe('parametric click beacons', () => {
  it('given a link followed on page 2, then a beacon {searchId, url, position} names that answer and the rank across pages', async () => {
    const { root, service } = await mountWidget();
    await clickAndWait(root, buttonNamed(root, 'Page 2'));
    expect(followRow(root, 2)).toBe(false);
    expect(service.clicks).toEqual([
      { searchId: 'search--2', url: 'https://shop.example.test/p/13', position: 13 },
    ]);
  });

  it('given a middle click, then it counts; a right click does not', async () => {
    const { root, service } = await mountWidget();
    followRow(root, 1, { button: 1 }, 'auxclick');
    followRow(root, 1, { button: 2 }, 'auxclick');
    expect(service.clicks).toEqual([
      { searchId: 'search--1', url: 'https://shop.example.test/p/2', position: 2 },
    ]);
  });

  it('given a listener cancelling the navigation, then the beacon still goes', async () => {
    const { root, service } = await mountWidget();
    root.addEventListener('siteseer:click', (event) => event.preventDefault());
    expect(followRow(root, 3)).toBe(true);
    expect(service.clicks).toEqual([
      { searchId: 'search--1', url: 'https://shop.example.test/p/4', position: 4 },
    ]);
  });

  it('given a row whose URL is unsafe, then it shows text, not a link, and nothing is sent', async () => {
    const { root, service } = await mountWidget();
    const first = root.querySelector('tbody tr');
    expect(first?.querySelector('a')).toBeNull();
    (first?.querySelector('td') as HTMLElement | null)?.click();
    expect(service.clicks).toEqual([]);
  });

  it('given the browser refusing the beacon, then the click goes by a keepalive fetch', async () => {
    const { root, service } = await mountWidget();
    vi.spyOn(navigator, 'sendBeacon').mockReturnValue(false);
    followRow(root, 1);
    await vi.waitFor(() => expect(service.clicks).toHaveLength(1));
    expect(service.clicks[0]).toEqual({
      searchId: 'search--1',
      url: 'https://shop.example.test/p/2',
      position: 2,
    });
  });
});
