/**
 * Follows `link` as a visitor does (a click, or another mouse event `type`, bubbling from it) and
 * tells whether the widget cancelled the navigation; the test page itself never navigates.
 */
export function followLink(
  root: HTMLElement,
  link: Element,
  init: MouseEventInit = {},
  type = 'click',
): boolean {
  let cancelled: boolean | undefined;
  const record = (event: Event) => {
    cancelled = event.defaultPrevented;
    event.preventDefault();
  };
  root.addEventListener(type, record, { once: true });
  link.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
  if (cancelled === undefined) throw new Error('the click did not bubble');
  return cancelled;
}
