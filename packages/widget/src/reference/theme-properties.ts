/** The widget's two renderers, by the engine kind they show. */
export type WidgetModeName = 'parametric' | 'keyword';

/** A CSS custom property the widget's stylesheet reads. */
export interface ThemeProperty {
  name: `--siteseer-${string}`;
  /** The default (light scheme), as declared in styles/theme.css. */
  light: string;
  /** The dark scheme's default; absent when the dark scheme keeps the light value. */
  dark?: string;
  /** What the property changes, in each mode that reads it (and only those). */
  uses: Partial<Record<WidgetModeName, string>>;
}

/**
 * Every custom property of styles/theme.css with its defaults and what it changes per mode.
 * reference.test.ts fails when this disagrees with the stylesheets: a property added, removed or
 * re-valued there, or read by a mode this table does not list (or no longer read by one it lists).
 */
export const THEME_PROPERTIES: readonly ThemeProperty[] = [
  {
    name: '--siteseer-font',
    light: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    uses: {
      parametric: 'Font family of the whole widget.',
      keyword: 'Font family of the widget and of its suggestion list.',
    },
  },
  {
    name: '--siteseer-font-size',
    light: '1rem',
    uses: {
      parametric: 'Base font size; headings, buttons and table text are sized from it.',
      keyword:
        'Base font size of the widget and the suggestion list; titles, URLs and badges are sized from it.',
    },
  },
  {
    name: '--siteseer-bg',
    light: '#ffffff',
    dark: '#16191d',
    uses: {
      parametric: 'Background of the widget, its buttons and inputs, and the filter dialog.',
      keyword: 'Background of the widget, its buttons, the search input and the suggestion list.',
    },
  },
  {
    name: '--siteseer-fg',
    light: '#1b1f24',
    dark: '#e6e9ee',
    uses: {
      parametric: 'Text colour, also in the filter dialog.',
      keyword: 'Text colour, also in the suggestion list.',
    },
  },
  {
    name: '--siteseer-muted',
    light: '#5b6470',
    dark: '#a3abb6',
    uses: {
      parametric: "Filter value counts, 'No values', the pager's ellipsis and the arrow of unsorted columns.",
      keyword: "Tab counts, each result's URL and the pager's ellipsis.",
    },
  },
  {
    name: '--siteseer-border',
    light: '#d0d5dc',
    dark: '#3a414b',
    uses: {
      parametric:
        'Borders of buttons, inputs, filter boxes and the filter dialog, and the rules between table rows.',
      keyword:
        'Borders of buttons, the search input and the suggestion list, the line under the tabs and a hovered tab.',
    },
  },
  {
    name: '--siteseer-accent',
    light: '#1a5fd0',
    dark: '#7aa7ff',
    uses: {
      parametric:
        "Links, the Search and 'Apply filters' buttons, the current page, a hovered button's border.",
      keyword:
        "Result title links, the Search button, the selected tab, the active suggestion, the 'Featured' badge, the current page, a hovered button's border.",
    },
  },
  {
    name: '--siteseer-accent-fg',
    light: '#ffffff',
    dark: '#0d1117',
    uses: {
      parametric: "Text on the accent: the Search and 'Apply filters' buttons, the current page.",
      keyword:
        "Text on the accent: the Search button, the active suggestion, the 'Featured' badge, the current page.",
    },
  },
  {
    name: '--siteseer-stripe',
    light: '#f5f7fa',
    dark: '#1d2126',
    uses: {
      parametric: 'Background of every other row of the results table.',
      keyword: 'Background of the suggestion under the mouse.',
    },
  },
  {
    name: '--siteseer-error',
    light: '#b3261e',
    dark: '#ff8a80',
    uses: {
      parametric: "The 'Search is unavailable right now.' message.",
      keyword: "The 'Search is unavailable right now.' message.",
    },
  },
  {
    name: '--siteseer-focus',
    light: '#1a5fd0',
    dark: '#7aa7ff',
    uses: {
      parametric: 'The focus outline of every control, sort buttons included.',
      keyword:
        'The focus outline of every control. The active suggestion is shown with the accent instead: focus stays in the input.',
    },
  },
  {
    name: '--siteseer-radius',
    light: '6px',
    uses: {
      parametric: 'Corners of buttons, inputs, the download link, filter boxes and the filter dialog.',
      keyword: 'Corners of buttons, the search input, the suggestion list and the tops of tabs.',
    },
  },
  {
    name: '--siteseer-gap',
    light: '0.75rem',
    uses: {
      parametric: "Space between the widget's parts, between filters, and above the pager.",
      keyword: "Space between the widget's parts, between results, and above the pager.",
    },
  },
  {
    name: '--siteseer-image-size',
    light: '4rem',
    uses: { parametric: 'Largest width and height of the pictures of image columns.' },
  },
  {
    name: '--siteseer-backdrop',
    light: 'rgb(0 0 0 / 0.45)',
    dark: 'rgb(0 0 0 / 0.65)',
    uses: { parametric: "The shade behind the filter dialog (filter format 'dialog')." },
  },
  {
    name: '--siteseer-mark-bg',
    light: '#fff0a0',
    dark: '#5c4b00',
    uses: { keyword: "Background of the query's words marked in snippets." },
  },
  {
    name: '--siteseer-mark-fg',
    light: '#1b1f24',
    dark: '#fff7d1',
    uses: { keyword: 'Text colour of the marked words.' },
  },
];

/** The properties a mode reads, in the order of THEME_PROPERTIES, with that mode's description. */
export function themePropertiesFor(mode: WidgetModeName): { property: ThemeProperty; use: string }[] {
  return THEME_PROPERTIES.flatMap((property) => {
    const use = property.uses[mode];
    return use === undefined ? [] : [{ property, use }];
  });
}
