import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from './api/search-api.ts';
import { mount } from './mount.ts';
import { fakeSearchService } from './test/fake-search-service.ts';
import { API_BASE, CLIENT_ID, productConfig, productRows } from './test/fixtures.ts';

afterEach(() => {
  document.body.replaceChildren();
  document.head.replaceChildren();
});

function host(): HTMLElement {
  const element = document.createElement('div');
  element.textContent = 'Search loads here';
  document.body.append(element);
  return element;
}

const service = () => fakeSearchService({ config: productConfig(), rows: productRows() });

describe('mount', () => {
  it('replaces the element content with a .siteseer root and a loading status', () => {
    const element = host();
    const handle = mount(element, { clientId: CLIENT_ID, apiBase: API_BASE, fetch: service().fetch });
    expect(element.children).toHaveLength(1);
    expect(handle.root.className).toBe('siteseer');
    expect(handle.root.textContent).toBe('Loading…');
  });

  it('pins the theme on the root when asked', () => {
    const fetch = service().fetch;
    const pinned = mount(host(), { clientId: CLIENT_ID, apiBase: API_BASE, fetch, theme: 'dark' });
    const following = mount(host(), { clientId: CLIENT_ID, apiBase: API_BASE, fetch });
    expect(pinned.root.getAttribute('data-siteseer-theme')).toBe('dark');
    expect(following.root.hasAttribute('data-siteseer-theme')).toBe(false);
  });

  it('returns the same handle when the element is mounted twice', async () => {
    const element = host();
    const options = { clientId: CLIENT_ID, apiBase: API_BASE, fetch: service().fetch };
    const first = mount(element, options);
    expect(mount(element, options)).toBe(first);
    await first.ready;
    expect(element.querySelectorAll('.siteseer')).toHaveLength(1);
  });

  it('injects its stylesheet once, first in head, unless told not to', () => {
    const other = document.createElement('style');
    document.head.append(other);
    mount(host(), { clientId: CLIENT_ID, apiBase: API_BASE, fetch: service().fetch, nonce: 'n0nce' });
    mount(host(), { clientId: CLIENT_ID, apiBase: API_BASE, fetch: service().fetch });
    const styles = document.head.querySelectorAll('style[data-siteseer-styles]');
    expect(styles).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(styles[0]);
    expect((styles[0] as HTMLStyleElement).nonce).toBe('n0nce');

    document.head.replaceChildren();
    mount(host(), { clientId: CLIENT_ID, apiBase: API_BASE, fetch: service().fetch, injectStyles: false });
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('shows the unavailable message when the config cannot be loaded', async () => {
    const element = host();
    const errors: string[] = [];
    element.addEventListener('siteseer:error', (event) => errors.push((event as CustomEvent).detail.message));
    const notFound: FetchLike = async () => new Response('{}', { status: 404 });
    const handle = mount(element, { clientId: CLIENT_ID, apiBase: API_BASE, fetch: notFound });
    await handle.ready;
    expect(handle.root.querySelector('[role=alert]')?.textContent).toBe('Search is unavailable right now.');
    expect(errors).toEqual(['Search service answered 404']);
  });

  it('refuses an engine type it has no renderer for', async () => {
    const other: FetchLike = async () => Response.json({ ...productConfig(), type: 'xx' });
    const handle = mount(host(), { clientId: CLIENT_ID, apiBase: API_BASE, fetch: other });
    await handle.ready;
    expect(handle.root.querySelector('[role=alert]')?.textContent).toBe('Search is unavailable right now.');
  });

  it('destroy removes the widget and allows a new mount', async () => {
    const element = host();
    const options = { clientId: CLIENT_ID, apiBase: API_BASE, fetch: service().fetch };
    const first = mount(element, options);
    await first.ready;
    first.destroy();
    expect(element.querySelector('.siteseer')).toBeNull();
    expect(mount(element, options)).not.toBe(first);
  });

  it('requires a client id and an API base', () => {
    expect(() => mount(host(), { clientId: '', apiBase: API_BASE })).toThrow('clientId is required');
    expect(() => mount(host(), { clientId: CLIENT_ID, apiBase: '' })).toThrow('apiBase is required');
  });
});
