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

function numberAttribute(script: HTMLScriptElement, name: string): number | undefined {
  const text = script.getAttribute(name)?.trim();
  const value = text ? Number(text) : Number.NaN;
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The keyword search box options of the install page's script (apps/web install/keyword-snippet.ts):
 * only those present, so the widget's defaults apply to the others.
 */
function keywordOptions(script: HTMLScriptElement): Partial<MountOptions> {
  const options: Partial<MountOptions> = {};
  const text = (name: string) => script.getAttribute(`data-siteseer-${name}`) ?? undefined;
  const input = text('input')?.trim();
  if (input) options.input = input;
  const pageSize = numberAttribute(script, 'data-siteseer-results-per-page');
  if (pageSize !== undefined) options.pageSize = pageSize;
  const placeholder = text('placeholder');
  if (placeholder !== undefined) options.placeholder = placeholder;
  const noResultsText = text('no-results-text');
  if (noResultsText !== undefined) options.noResultsText = noResultsText;
  const descriptionSize = numberAttribute(script, 'data-siteseer-description-size');
  if (descriptionSize !== undefined) options.descriptionSize = descriptionSize;
  const rewriting = text('url-rewriting')?.trim();
  if (rewriting === 'true' || rewriting === 'false') options.urlRewriting = rewriting === 'true';
  const autoCorrect = text('auto-correct')?.trim();
  if (autoCorrect === 'true' || autoCorrect === 'false') options.autoCorrect = autoCorrect === 'true';
  const redirectPage = text('redirect-page')?.trim();
  if (redirectPage) options.redirectPage = redirectPage;
  if (text('popular-on-focus')?.trim() === 'true') options.popularOnFocus = true;
  return options;
}

/** Mount options from the script tag's attributes, or null when the tag names no client. */
export function embedOptions(script: HTMLScriptElement): MountOptions | null {
  const clientId = script.getAttribute(CLIENT)?.trim();
  if (!clientId) return null;
  const api = script.getAttribute('data-siteseer-api')?.trim();
  const apiBase = api || (script.src ? apiBaseFromScriptSrc(script.src) : '');
  if (!apiBase) return null;
  const options: MountOptions = { clientId, apiBase, ...keywordOptions(script) };
  if (script.getAttribute('data-siteseer-styles') === 'none') options.injectStyles = false;
  const theme = script.getAttribute('data-siteseer-theme');
  if (theme === 'light' || theme === 'dark') options.theme = theme;
  if (script.nonce) options.nonce = script.nonce;
  return options;
}
