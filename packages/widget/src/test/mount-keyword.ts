import type { KeywordSearchConfig } from '@siteseer/core';
import { vi } from 'vitest';
import type { SiteseerEventMap } from '../events.ts';
import type { KeywordOptions } from '../modes/index.ts';
import { mount, type WidgetHandle } from '../mount.ts';
import {
  type FakeKeywordOptions,
  type FakeKeywordService,
  fakeKeywordService,
} from './fake-keyword-service.ts';
import { API_BASE, CLIENT_ID } from './fixtures.ts';
import { type FixturePage, keywordConfig, keywordPages } from './keyword-fixtures.ts';

export interface RecordedKeywordEvent {
  type: keyof SiteseerEventMap;
  detail: unknown;
}

export interface MountedKeywordWidget {
  root: HTMLElement;
  handle: WidgetHandle;
  service: FakeKeywordService;
  events: RecordedKeywordEvent[];
  /** The search input in use: the page's or the widget's own. */
  input: HTMLInputElement;
}

const EVENT_NAMES: (keyof SiteseerEventMap)[] = [
  'siteseer:search',
  'siteseer:results',
  'siteseer:click',
  'siteseer:error',
];

/** Records the client events reaching `target`. */
export function recordEvents(target: EventTarget): RecordedKeywordEvent[] {
  const events: RecordedKeywordEvent[] = [];
  for (const name of EVENT_NAMES) {
    target.addEventListener(name, (event) =>
      events.push({ type: name, detail: (event as CustomEvent).detail }),
    );
  }
  return events;
}

/** A search input of the host page, as the install page's Input tag writes it. */
export function pageInput(id = 'siteseer-search-input'): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'search';
  input.id = id;
  input.setAttribute('aria-label', 'Search the site');
  document.body.append(input);
  return input;
}

/**
 * Mounts the widget of a keyword engine against the fake service, with navigator.sendBeacon
 * delivering to it, and waits until it is ready (no search runs without a query).
 */
export async function mountKeywordWidget(
  options: {
    config?: KeywordSearchConfig;
    pages?: FixturePage[];
    keyword?: KeywordOptions & { pageSize?: number };
  } & Pick<
    FakeKeywordOptions,
    'status' | 'suggestStatus' | 'refuseBeacons' | 'popularQueries' | 'corrections'
  > = {},
): Promise<MountedKeywordWidget> {
  const service = fakeKeywordService({
    config: options.config ?? keywordConfig(),
    pages: options.pages ?? keywordPages(),
    status: options.status,
    suggestStatus: options.suggestStatus,
    refuseBeacons: options.refuseBeacons,
    popularQueries: options.popularQueries,
    corrections: options.corrections,
  });
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => service.beacon(String(url), data));
  const host = document.createElement('div');
  document.body.append(host);
  const events = recordEvents(host);
  const handle = mount(host, {
    clientId: CLIENT_ID,
    apiBase: API_BASE,
    fetch: service.fetch,
    debounceMs: 5,
    ...options.keyword,
  });
  await handle.ready;
  const input = document.querySelector<HTMLInputElement>('input[role=combobox]');
  if (!input) throw new Error('no combobox input');
  return { root: handle.root, handle, service, events, input };
}

/** Polls until `check` gives a truthy value (the widget's debounced and async work). */
export async function waitFor<T>(check: () => T | null | undefined | false, what: string): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Types `text` into the input as a visitor does: focus, value, input event. */
export function typeInto(input: HTMLInputElement, text: string): void {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function press(target: Element, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

/** Resolves on the widget's next results (or error) event. */
export function nextOutcome(root: HTMLElement): Promise<Event> {
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

/** Presses Enter in the input and waits for the search it starts. */
export async function searchFor(root: HTMLElement, input: HTMLInputElement, text: string): Promise<void> {
  typeInto(input, text);
  const outcome = nextOutcome(root);
  press(input, 'Enter');
  await outcome;
}

export function hitTitles(root: HTMLElement): string[] {
  return [...root.querySelectorAll('.siteseer-hit-title')].map((title) => title.textContent ?? '');
}

export function optionTexts(): string[] {
  return [...document.querySelectorAll('[role=option]')].map((option) => option.textContent ?? '');
}
