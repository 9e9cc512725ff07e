import { findPageInput } from '../modes/keyword/page-input.ts';
import { mount, mountSearchBox, type WidgetHandle } from '../mount.ts';
import { embedOptions, findEmbedScript } from './script-options.ts';

const RESULTS_SELECTOR = '[data-siteseer-results]';

/**
 * Mounts a widget into every `[data-siteseer-results]` element not mounted yet, with the options of
 * the embedding script. An element may name another client with its own `data-siteseer-client`.
 * A page with no results element but a keyword search box and a redirect page gets the box alone.
 */
export function mountAll(doc: Document = document, current: Element | null = null): WidgetHandle[] {
  const script = findEmbedScript(doc, current);
  const options = script ? embedOptions(script) : null;
  if (!options) return []; // loaded without a client: programmatic use through Siteseer.mount only
  const elements = [...doc.querySelectorAll(RESULTS_SELECTOR)];
  if (elements.length === 0 && options.redirectPage) {
    const input = findPageInput(options.input);
    return input ? [mountSearchBox(input, options)] : [];
  }
  return elements.map((element) =>
    mount(element, {
      ...options,
      clientId: element.getAttribute('data-siteseer-client')?.trim() || options.clientId,
    }),
  );
}
