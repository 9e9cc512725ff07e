import type { MountOptions } from '../mount.ts';

const CLIENT = 'data-siteseer-client';

/**
 * The widget's own `<script>`: `document.currentScript` while the script first runs, else the
 * first script carrying `data-siteseer-client` (e.g. when a tag manager re-inserted it).
 */
export function findEmbedScript(doc: Document, current: Element | null): HTMLScriptElement | null {
  if (current instanceof HTMLScriptElement && current.hasAttribute(CLIENT)) return current;
  return doc.querySelector<HTMLScriptElement>(`script[${CLIENT}]`);
}

/** `{base}/widget/siteseer-widget.js` → `{base}`: the default when `data-siteseer-api` is absent. */
export function apiBaseFromScriptSrc(src: string): string {
  return new URL('..', src).href.replace(/\/+$/, '');
}

/** Mount options from the script tag's attributes, or null when the tag names no client. */
export function embedOptions(script: HTMLScriptElement): MountOptions | null {
  const clientId = script.getAttribute(CLIENT)?.trim();
  if (!clientId) return null;
  const api = script.getAttribute('data-siteseer-api')?.trim();
  const apiBase = api || (script.src ? apiBaseFromScriptSrc(script.src) : '');
  if (!apiBase) return null;
  const options: MountOptions = { clientId, apiBase };
  if (script.getAttribute('data-siteseer-styles') === 'none') options.injectStyles = false;
  const theme = script.getAttribute('data-siteseer-theme');
  if (theme === 'light' || theme === 'dark') options.theme = theme;
  if (script.nonce) options.nonce = script.nonce;
  return options;
}
