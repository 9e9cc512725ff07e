import { h, srOnly } from '../../dom/element.ts';
import { keepingFocus } from '../../dom/focus.ts';

export interface Pager {
  element: HTMLElement;
  update(page: number, pages: number): void;
}

/** Pages shown around the current one; the first and last are always shown. */
const WINDOW = 2;

/** Page numbers to show, with null for an elided run: 1 … 4 5 [6] 7 8 … 20. */
export function visiblePages(page: number, pages: number): (number | null)[] {
  const shown: (number | null)[] = [];
  let previous = 0;
  for (let n = 1; n <= pages; n += 1) {
    if (n !== 1 && n !== pages && Math.abs(n - page) > WINDOW) continue;
    // An ellipsis standing for a single page would take the same room as its number.
    if (n - previous === 2) shown.push(n - 1);
    else if (n - previous > 2) shown.push(null);
    shown.push(n);
    previous = n;
  }
  return shown;
}

/** Previous / page numbers / Next; hidden when everything fits on one page. */
export function createPager(onPage: (page: number) => void): Pager {
  const list = h('ul', { class: 'siteseer-pages' });
  const element = h('nav', { class: 'siteseer-pager', 'aria-label': 'Pagination', hidden: true }, list);

  const button = (key: string, target: number, disabled: boolean, ...label: (string | Node)[]) => {
    // aria-disabled rather than disabled: a disabled button would drop the focus of a keyboard
    // user who just pressed Next to reach the last page.
    const control = h(
      'button',
      { type: 'button', 'data-siteseer-key': key, 'aria-disabled': disabled ? 'true' : null },
      ...label,
    );
    control.addEventListener('click', () => {
      if (!disabled) onPage(target);
    });
    return h('li', {}, control);
  };

  return {
    element,
    update(page, pages) {
      element.hidden = pages <= 1;
      keepingFocus(element, () => {
        list.replaceChildren(
          button('page:previous', page - 1, page <= 1, 'Previous'),
          ...visiblePages(page, pages).map((n) => {
            if (n === null) return h('li', { class: 'siteseer-ellipsis', 'aria-hidden': 'true' }, '\u2026');
            const item = button(`page:${n}`, n, false, srOnly('Page '), String(n));
            if (n === page) item.firstElementChild?.setAttribute('aria-current', 'page');
            return item;
          }),
          button('page:next', page + 1, page >= pages, 'Next'),
        );
      });
    },
  };
}
