/** Attribute values: `true` sets an empty attribute; `false`, null and undefined leave it out. */
export type Attributes = Record<string, string | number | boolean | null | undefined>;
export type Child = Node | string | null | undefined | false;

/**
 * Creates an element. Attributes go through `setAttribute` and strings become text nodes, so data
 * from the search service is never parsed as HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/** Appends children, skipping empty ones; strings are appended as text. */
export function append(parent: ParentNode, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child);
  }
}

let lastId = 0;

/** A document-unique id for label and ARIA references (several widgets may share a page). */
export function uniqueId(prefix: string): string {
  lastId += 1;
  return `siteseer-${prefix}-${lastId}`;
}

/** Text that only assistive technology reads (e.g. the "Page" of "Page 2"). */
export function srOnly(text: string): HTMLSpanElement {
  return h('span', { class: 'siteseer-sr' }, text);
}
