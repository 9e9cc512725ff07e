import type { Row, SearchConfig } from '@siteseer/core';
import { vi } from 'vitest';
import type { SiteseerEventMap } from '../events.ts';
import { mount, type WidgetHandle } from '../mount.ts';
import { type FakeService, type FakeServiceOptions, fakeSearchService } from './fake-search-service.ts';
import { API_BASE, CLIENT_ID, productConfig, productRows } from './fixtures.ts';

type RecordedEvent = {
  [K in keyof SiteseerEventMap]: { type: K; detail: SiteseerEventMap[K] };
}[keyof SiteseerEventMap];

export interface MountedWidget {
  host: HTMLElement;
  root: HTMLElement;
  handle: WidgetHandle;
  service: FakeService;
  events: RecordedEvent[];
}

const EVENT_NAMES: (keyof SiteseerEventMap)[] = [
  'siteseer:search',
  'siteseer:results',
  'siteseer:click',
  'siteseer:error',
];

/**
 * Mounts the widget against the fake service (pages of 10), with navigator.sendBeacon delivering
 * to it, and waits for its first results.
 */
export async function mountWidget(
  options: {
    settings?: Partial<SearchConfig['settings']>;
    config?: SearchConfig;
    rows?: Row[];
  } & Pick<FakeServiceOptions, 'status' | 'hold'> = {},
): Promise<MountedWidget> {
  const config = options.config ?? productConfig(options.settings);
  const service = fakeSearchService({
    config,
    rows: options.rows ?? productRows(),
    status: options.status,
    hold: options.hold,
  });
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => service.beacon(String(url), data));
  const host = document.createElement('div');
  document.body.append(host);
  const events: RecordedEvent[] = [];
  for (const name of EVENT_NAMES) {
    host.addEventListener(name, (event) => {
      events.push({ type: name, detail: (event as CustomEvent).detail } as RecordedEvent);
    });
  }
  const handle = mount(host, {
    clientId: CLIENT_ID,
    apiBase: API_BASE,
    fetch: service.fetch,
    pageSize: 10,
    debounceMs: 10,
  });
  await handle.ready;
  return { host, root: handle.root, handle, service, events };
}

/** Resolves on the widget's next results (or error) event. */
export function nextResults(root: HTMLElement): Promise<Event> {
  return new Promise((resolve) => {
    const done = (event: Event) => {
      root.removeEventListener('siteseer:results', done);
      root.removeEventListener('siteseer:error', done);
      resolve(event);
    };
    root.addEventListener('siteseer:results', done);
    root.addEventListener('siteseer:error', done);
  });
}

/** Clicks `element` and waits for the search it triggers. */
export async function clickAndWait(root: HTMLElement, element: Element | null | undefined): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
  const results = nextResults(root);
  element.click();
  await results;
}

export function buttonNamed(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((button) => button.textContent?.trim() === name);
  if (!found) throw new Error(`no button named '${name}'`);
  return found;
}

/** The body cells' text, row by row. */
export function cellTexts(root: HTMLElement): string[][] {
  return [...root.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );
}

export function statusText(root: HTMLElement): string {
  return root.querySelector('[role=status]')?.textContent ?? '';
}
