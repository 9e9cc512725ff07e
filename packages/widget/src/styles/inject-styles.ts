import keyword from './keyword.css?inline';
import theme from './theme.css?inline';
import components from './widget.css?inline';

/**
 * Adds the widget's stylesheet once per document, first in `<head>`, so the site's own rules win
 * over ours at equal specificity. A CSP nonce (the script tag's) lets it pass a strict style-src.
 */
export function injectStyles(doc: Document, nonce?: string): void {
  if (doc.querySelector('style[data-siteseer-styles]')) return;
  const style = doc.createElement('style');
  style.setAttribute('data-siteseer-styles', '');
  if (nonce) style.nonce = nonce;
  style.textContent = theme + components + keyword;
  doc.head.prepend(style);
}
