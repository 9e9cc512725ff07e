import { WIDGET_SCRIPT_PATH, widgetBase } from '../../install/keyword-snippet.ts';

/*
 * The part of the bundle's `window.Siteseer` the examples use, as packages/widget/README.md
 * documents it. Declared here rather than imported: the portal type-checks without the widget's
 * sources, and a script's global is untyped anyway.
 */

/** The `fetch` the widget accepts in place of the browser's. */
export type WidgetFetch = (input: string, init: RequestInit) => Promise<Response>;

interface WidgetMountOptions {
  clientId: string;
  apiBase: string;
  pageSize?: number;
  fetch?: WidgetFetch;
}

export interface WidgetHandle {
  /** The `.siteseer` element that dispatches the client events. */
  readonly root: HTMLElement;
  /** Settles when the first results (or the error message) are on screen; never rejects. */
  readonly ready: Promise<void>;
  destroy(): void;
}

/** What the widget bundle defines on `window` (packages/widget/src/index.ts). */
export interface SiteseerGlobal {
  mount(element: Element, options: WidgetMountOptions): WidgetHandle;
}

declare global {
  interface Window {
    Siteseer?: SiteseerGlobal;
  }
}

/** The widget bundle's address: the install snippet's script, served by the API. */
export function widgetScriptUrl(apiBase: string): string {
  return `${widgetBase(apiBase)}${WIDGET_SCRIPT_PATH}`;
}

const loads = new Map<string, Promise<SiteseerGlobal>>();

/**
 * Loads the widget bundle from `src` once per page, as a customer's page does with the snippet,
 * and resolves with `window.Siteseer`. Without a `data-siteseer-client` attribute the script
 * mounts nothing by itself: the examples mount it where they want it.
 */
export function loadWidget(src: string): Promise<SiteseerGlobal> {
  const known = loads.get(src);
  if (known) return known;
  const load = new Promise<SiteseerGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.Siteseer) resolve(window.Siteseer);
      else reject(new Error(`${src} loaded but defined no Siteseer widget.`));
    });
    script.addEventListener('error', () => {
      // A later example may try again (the widget may have been built meanwhile).
      loads.delete(src);
      script.remove();
      reject(new Error(`The widget could not be loaded from ${src}.`));
    });
    document.head.append(script);
  });
  loads.set(src, load);
  return load;
}
