import type { CheerioAPI } from 'cheerio/slim';

/**
 * The part of htmlparser2's DOM (domhandler) that extraction reads. domhandler is cheerio's own
 * dependency, not ours, so its classes cannot be imported; this shape is what they carry.
 */
export interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  parent: DomNode | null;
  children?: DomNode[];
}

/** domhandler's node type as cheerio's own signatures name it (domhandler is not ours to import). */
type CheerioNode = Parameters<CheerioAPI['contains']>[0];

/** A cheerio selection of one node that extraction found by walking. */
export function select($: CheerioAPI, node: DomNode) {
  return $(node as unknown as CheerioNode);
}

/** The nodes a cheerio selection holds, as the shape extraction walks. */
export function nodesOf($: CheerioAPI, selector: string): DomNode[] {
  return $(selector).toArray() as unknown as DomNode[];
}

/** The document node of a loaded page. */
export function rootOf($: CheerioAPI): DomNode {
  return $.root()[0] as unknown as DomNode;
}

/** Whether the node has an ancestor named `name` (lowercase). */
export function hasAncestor(node: DomNode, name: string): boolean {
  for (let up = node.parent; up; up = up.parent) if (up.name === name) return true;
  return false;
}
