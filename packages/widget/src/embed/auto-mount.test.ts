import { afterEach, describe, expect, it, vi } from 'vitest';
import * as mountModule from '../mount.ts';
import { mountAll } from './auto-mount.ts';
import { apiBaseFromScriptSrc, embedOptions } from './script-options.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  document.head.replaceChildren();
});

function script(attributes: Record<string, string>): HTMLScriptElement {
  const element = document.createElement('script');
  element.type = 'text/plain'; // keep happy-dom from loading it
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
  return element;
}

describe('embedding', () => {
  it('reads the client and the API base from the script tag', () => {
    const tag = script({ 'data-siteseer-client': ' c1 ', 'data-siteseer-api': 'https://api.example.test' });
    expect(embedOptions(tag)).toEqual({ clientId: 'c1', apiBase: 'https://api.example.test' });
  });

  it('falls back to the script src for the API base, and reads the styles and theme options', () => {
    const tag = script({
      'data-siteseer-client': 'c1',
      src: 'https://api.example.test/base/widget/siteseer-widget.js',
      'data-siteseer-styles': 'none',
      'data-siteseer-theme': 'light',
    });
    expect(embedOptions(tag)).toEqual({
      clientId: 'c1',
      apiBase: 'https://api.example.test/base',
      injectStyles: false,
      theme: 'light',
    });
    expect(apiBaseFromScriptSrc('https://api.example.test/widget/siteseer-widget.js')).toBe(
      'https://api.example.test',
    );
  });

  it('mounts into every [data-siteseer-results] element; an element may name its own client', () => {
    const mount = vi.spyOn(mountModule, 'mount').mockImplementation(() => ({}) as mountModule.WidgetHandle);
    script({ 'data-siteseer-client': 'c1', 'data-siteseer-api': 'https://api.example.test' });
    const first = document.createElement('div');
    first.setAttribute('data-siteseer-results', '');
    const second = document.createElement('div');
    second.setAttribute('data-siteseer-results', '');
    second.setAttribute('data-siteseer-client', 'c2');
    document.body.append(first, second);

    mountAll(document, null);
    expect(mount.mock.calls).toEqual([
      [first, { clientId: 'c1', apiBase: 'https://api.example.test' }],
      [second, { clientId: 'c2', apiBase: 'https://api.example.test' }],
    ]);
  });

  it('does nothing without a script naming a client (programmatic use only)', () => {
    const mount = vi.spyOn(mountModule, 'mount');
    document.body.append(Object.assign(document.createElement('div'), { id: 'x' }));
    expect(mountAll(document, null)).toEqual([]);
    expect(mount).not.toHaveBeenCalled();
  });
});
