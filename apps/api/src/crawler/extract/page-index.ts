import type { CheerioAPI } from 'cheerio/slim';
import { type DomNode, rootOf } from './dom-node.ts';

/**
 * The elements extraction reads by name, found in one walk of the page: a css-select query walks
 * the whole tree each time, and seven of them cost more than this single pass.
 */
export interface PageIndex {
  html: DomNode | undefined;
  body: DomNode | undefined;
  titles: DomNode[];
  metas: DomNode[];
  /** The first `<base href>`. */
  base: DomNode | undefined;
  /** `<a href>` and `<area href>`, in document order. */
  anchors: DomNode[];
  /** `<link href rel>`. */
  linkTags: DomNode[];
}

export function indexPage($: CheerioAPI): PageIndex {
  const index: PageIndex = {
    html: undefined,
    body: undefined,
    titles: [],
    metas: [],
    base: undefined,
    anchors: [],
    linkTags: [],
  };
  const stack: DomNode[] = [rootOf($)];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const children = node.children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as DomNode);
    const attribs = node.attribs;
    if (attribs === undefined) continue;
    switch (node.name) {
      case 'a':
      case 'area':
        if (attribs.href !== undefined) index.anchors.push(node);
        break;
      case 'meta':
        index.metas.push(node);
        break;
      case 'link':
        if (attribs.href !== undefined && attribs.rel !== undefined) index.linkTags.push(node);
        break;
      case 'title':
        index.titles.push(node);
        break;
      case 'base':
        if (attribs.href !== undefined) index.base ??= node;
        break;
      case 'html':
        index.html ??= node;
        break;
      case 'body':
        index.body ??= node;
        break;
    }
  }
  return index;
}
