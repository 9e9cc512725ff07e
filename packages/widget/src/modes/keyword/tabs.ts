import type { KeywordTab, KeywordTabCount } from '@siteseer/core';
import { h, uniqueId } from '../../dom/element.ts';
import { formatNumber } from '../paging/result-count.ts';

export interface Tabs {
  /** The tablist. */
  element: HTMLElement;
  /** Id of the selected tab's element, which names the results panel. */
  selectedId(): string;
  /** Marks `selected` and shows each tab's count (tabs missing from `counts` show none). */
  update(counts: readonly KeywordTabCount[], selected: string): void;
}

const KEYS_TO_INDEX: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Tab names are stored lowercased; they read better capitalised ('all' → 'All'). */
export function tabLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The result tabs (ARIA tabs pattern): buttons with role=tab in a tablist, the selected one alone
 * in the Tab order; ArrowLeft/ArrowRight (wrapping), Home and End move focus and select at once,
 * since a tab's results come back in milliseconds. The buttons are built once and only updated,
 * so focus never leaves the tab a keyboard user is on.
 */
export function createTabs(
  tabs: readonly KeywordTab[],
  panelId: string,
  onSelect: (name: string) => void,
): Tabs {
  let selected = tabs[0]?.name ?? '';
  const counts = new Map<string, HTMLElement>();
  const buttons = tabs.map((tab) => {
    const count = h('span', { class: 'siteseer-count' });
    counts.set(tab.name, count);
    const button = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: uniqueId('tab'),
        class: 'siteseer-tab',
        'aria-controls': panelId,
        'data-siteseer-tab': tab.name,
        // A hook for icons drawn by the site's CSS, e.g. [data-siteseer-icon="pdf"]::before.
        'data-siteseer-icon': tab.icon,
      },
      h('span', { class: 'siteseer-tab-name' }, tabLabel(tab.name)),
      ' ',
      count,
    );
    button.addEventListener('click', () => {
      if (tab.name !== selected) onSelect(tab.name);
    });
    return button;
  });
  const element = h(
    'div',
    { role: 'tablist', class: 'siteseer-tabs', 'aria-label': 'Result categories' },
    ...buttons,
  );

  element.addEventListener('keydown', (event) => {
    const move = KEYS_TO_INDEX[event.key];
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (!move || index < 0) return;
    event.preventDefault();
    const next = buttons[move(index, buttons.length)];
    const name = next?.dataset.siteseerTab;
    if (!next || name === undefined) return;
    next.focus();
    if (name !== selected) onSelect(name);
  });

  const control: Tabs = {
    element,
    selectedId: () => buttons.find((button) => button.dataset.siteseerTab === selected)?.id ?? '',
    update(tabCounts, name) {
      selected = name;
      const byName = new Map(tabCounts.map((tab) => [tab.name, tab.count]));
      for (const button of buttons) {
        const tabName = button.dataset.siteseerTab ?? '';
        const isSelected = tabName === selected;
        button.setAttribute('aria-selected', String(isSelected));
        button.tabIndex = isSelected ? 0 : -1;
        const count = byName.get(tabName);
        const countElement = counts.get(tabName);
        if (countElement) countElement.textContent = count === undefined ? '' : `(${formatNumber(count)})`;
      }
    },
  };
  control.update([], selected);
  return control;
}
