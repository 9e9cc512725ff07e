import { type KeywordHit, withoutBidiControls } from '@siteseer/core';
import { h } from '../../dom/element.ts';
import { safeUrl } from '../../dom/safe-url.ts';
import { snippetNodes } from './snippet.ts';

export interface ResultList {
  element: HTMLElement;
  update(hits: readonly KeywordHit[]): void;
}

/**
 * Characters that change how a URL reads when shown decoded (controls, bidi overrides and other
 * format characters, spaces): they stay percent-encoded, as browsers keep them in the address bar.
 */
const READS_DIFFERENTLY = /[\p{Cc}\p{Cf}\p{Z}]/gu;

/**
 * What the page shows of a URL under the title: no scheme, no trailing slash, and a path in the
 * site's own letters (café, 日本語) rather than its percent-encoding. Text only: the link itself
 * keeps the URL as it is.
 */
export function displayUrl(url: string): string {
  const bare = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  let decoded: string;
  try {
    decoded = decodeURI(bare);
  } catch (error) {
    if (error instanceof URIError) return bare; // a '%' that is no escape
    throw error;
  }
  return decoded.replace(READS_DIFFERENTLY, (char) => encodeURIComponent(char));
}

/**
 * The results: an ordered list of title links, each with its URL and snippet; results pinned by
 * the engine's result ranking carry a 'Featured' badge. `onFollow` runs before a title link is
 * followed (click, Enter or middle click) and returns false to cancel the navigation.
 */
/**
 * The file type a result is labelled with ("PDF", "DOCX"), as search engines mark documents, so a
 * visitor knows a download opens; null for a web page (and for hits of servers that send no type).
 */
function fileType(hit: Pick<KeywordHit, 'type'>): string | null {
  const type: unknown = hit.type;
  return typeof type === 'string' && type !== 'html' && /^[a-z]{1,8}$/.test(type) ? type.toUpperCase() : null;
}

export function createResultList(onFollow: (hit: KeywordHit) => boolean): ResultList {
  const list = h('ol', { class: 'siteseer-hits' });
  let hits: readonly KeywordHit[] = [];

  const followed = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest('a.siteseer-hit-title') : null;
    const hit = hits[Number(link?.closest('li')?.dataset.siteseerHit)];
    if (!link || !hit) return;
    if (!onFollow(hit)) event.preventDefault();
  };
  list.addEventListener('click', followed);
  list.addEventListener('auxclick', followed);

  return {
    element: list,
    update(next) {
      hits = next;
      // Relative URLs resolve against the host page as it is now (single-page apps change it).
      const pageUrl = list.ownerDocument.baseURI;
      list.replaceChildren(
        ...next.map((hit, index) => {
          const href = safeUrl(hit.url, pageUrl);
          // The page wrote the title: its bidi controls could make it read as another (core's rule).
          const title = withoutBidiControls(hit.title).trim() || displayUrl(hit.url);
          const type = fileType(hit);
          return h(
            'li',
            {
              class: hit.pinned ? 'siteseer-hit siteseer-hit--pinned' : 'siteseer-hit',
              'data-siteseer-hit': index,
            },
            h(
              'div',
              { class: 'siteseer-hit-head' },
              // A URL that is not http(s) is shown, never followed.
              href === null
                ? h('span', { class: 'siteseer-hit-title' }, title)
                : h('a', { class: 'siteseer-hit-title', href }, title),
              hit.pinned && h('span', { class: 'siteseer-badge' }, 'Featured'),
              type !== null && h('span', { class: 'siteseer-file-type' }, type),
            ),
            h('cite', { class: 'siteseer-hit-url' }, displayUrl(hit.url)),
            hit.snippet !== '' && h('p', { class: 'siteseer-snippet' }, ...snippetNodes(hit.snippet)),
          );
        }),
      );
    },
  };
}
