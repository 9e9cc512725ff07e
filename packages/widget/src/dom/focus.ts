/**
 * Runs a re-render of `container` and puts focus back on the element carrying the same
 * `data-siteseer-key`, so keyboard users keep their place when results replace the DOM under them.
 */
export function keepingFocus(container: HTMLElement, render: () => void): void {
  const active = container.ownerDocument.activeElement;
  const key =
    active instanceof HTMLElement && container.contains(active) ? active.dataset.siteseerKey : undefined;
  render();
  if (key === undefined || (active !== null && container.contains(active))) return;
  for (const candidate of container.querySelectorAll<HTMLElement>('[data-siteseer-key]')) {
    if (candidate.dataset.siteseerKey === key) {
      candidate.focus();
      return;
    }
  }
}
