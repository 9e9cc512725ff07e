/** A stylesheet example of Advanced Keyword Theming, which the page can apply to its live widget. */
export interface LayoutExample {
  id: string;
  title: string;
  summary: string;
  css: string;
}

/*
 * Only the widget's documented classes and states (keyword-parts.ts in @siteseer/widget) are used,
 * so the examples keep working while those stay; layout-examples.test.ts checks that every class
 * they name is documented.
 */
export const LAYOUT_EXAMPLES: readonly LayoutExample[] = [
  {
    id: 'cards',
    title: 'Results as cards',
    summary: 'Results in a grid of bordered cards, as many columns as fit, with the URL left out.',
    css: `.siteseer .siteseer-hits {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
}
.siteseer .siteseer-hit {
  padding: var(--siteseer-gap);
  border: 1px solid var(--siteseer-border);
  border-radius: var(--siteseer-radius);
}
.siteseer .siteseer-hit-url {
  display: none;
}`,
  },
  {
    id: 'pills',
    title: 'Tabs as pills',
    summary: 'Rounded tabs without the underline; the selected one filled with the accent.',
    css: `.siteseer .siteseer-tabs {
  gap: 0.5rem;
  border-bottom: 0;
}
.siteseer .siteseer-tab {
  margin: 0;
  border: 1px solid var(--siteseer-border);
  border-radius: 999px;
}
.siteseer .siteseer-tab[aria-selected="true"] {
  color: var(--siteseer-accent-fg);
  background: var(--siteseer-accent);
  border-color: var(--siteseer-accent);
}`,
  },
  {
    id: 'icons',
    title: 'Icons on tabs',
    summary: 'A symbol before each tab, chosen by the icon set in the keyword wizard (data-siteseer-icon).',
    css: `.siteseer .siteseer-tab[data-siteseer-icon="documentation"]::before {
  content: "\\1F4D6  ";
}
.siteseer .siteseer-tab[data-siteseer-icon="blog"]::before {
  content: "\\270E  ";
}`,
  },
  {
    id: 'suggestions',
    title: 'A compact suggestion list',
    summary: 'A shorter list with a stronger shadow and an underlined active option.',
    css: `.siteseer .siteseer-suggestions {
  max-height: 12rem;
  box-shadow: 0 8px 24px rgb(0 0 0 / 0.3);
}
.siteseer .siteseer-suggestion[aria-selected="true"] {
  text-decoration: underline;
}`,
  },
];
