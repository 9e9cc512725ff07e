/** A state of a part that a site's CSS can target, with the selector that matches it. */
export interface PartState {
  selector: string;
  description: string;
  /** Only while a search is running (not visible in a settled widget). */
  whileSearching?: true;
}

/** An element of the widget's DOM that carries a class a site's CSS can target. */
export interface WidgetPart {
  /** Its classes: the first is always there; the others are listed in `states` when not. */
  classes: readonly string[];
  /** Its element names (a result title is a span when its URL cannot be followed). */
  tags: readonly string[];
  role?: string;
  description: string;
  states?: readonly PartState[];
  /** Elements without a class of their own inside it, for selectors such as `.siteseer-snippet mark`. */
  inner?: string;
  children?: readonly WidgetPart[];
}

/** The visually hidden live region that says how many suggestions opened. */
const suggestionCount: WidgetPart = {
  classes: ['siteseer-sr'],
  tags: ['span'],
  description:
    "Says to screen readers how many suggestions opened ('8 suggestions, use the arrow keys to choose'); visually hidden.",
};

const suggestions: WidgetPart = {
  classes: ['siteseer-suggestions'],
  tags: ['ul'],
  role: 'listbox',
  description:
    'The suggestion list (popular searches, then page titles), placed under the input; hidden (the hidden attribute) while closed.',
  children: [
    {
      classes: ['siteseer-suggestion'],
      tags: ['li'],
      role: 'option',
      description:
        'One suggestion: a popular search, which is searched when chosen, or the title of a page, which opens that page.',
      states: [
        {
          selector: '.siteseer-suggestion[data-kind="query"]',
          description: 'A popular search (what other visitors searched); marked by a lens before it.',
        },
        {
          selector: '.siteseer-suggestion[data-kind="page"]',
          description: 'A page title; the first after the popular searches has a line above it.',
        },
        {
          selector: '.siteseer-suggestion[aria-selected="true"]',
          description: 'The option the arrow keys made active (focus stays in the input).',
        },
      ],
    },
  ],
};

/**
 * The keyword widget's DOM with the widget's own search input, outermost first. reference.test.ts
 * mounts the widget, searches and opens the suggestions, and fails when the classes, nesting or
 * element names it finds differ from this tree, or when keyword mode's source sets a class this
 * file does not list.
 */
export const KEYWORD_WIDGET_PARTS: WidgetPart = {
  classes: ['siteseer', 'siteseer--keyword'],
  tags: ['div'],
  description:
    "The widget's root, inside your [data-siteseer-results] element: every custom property is read from here, and the client events are dispatched on it.",
  states: [
    {
      selector: '.siteseer.siteseer--loading',
      description: 'A search is running (results stay on screen until the answer).',
      whileSearching: true,
    },
    {
      selector: '.siteseer[data-siteseer-theme="dark"]',
      description:
        "The scheme pinned by data-siteseer-theme ('light' or 'dark'); absent: the visitor's preference.",
    },
  ],
  children: [
    {
      classes: ['siteseer-search'],
      tags: ['form'],
      role: 'search',
      description: "The search form, when the page names no input of its own ('Search' label and button).",
      children: [
        {
          classes: ['siteseer-combobox'],
          tags: ['div'],
          description: 'The input and its suggestion list (positioned against this box).',
          inner: 'input[type="search"][role="combobox"]',
          children: [
            {
              classes: ['siteseer-sr'],
              tags: ['label', 'span'],
              description:
                "The input's label 'Search' (label), and the live region that says how many suggestions opened (span), both visually hidden.",
            },
            suggestions,
          ],
        },
        {
          classes: ['siteseer-primary'],
          tags: ['button'],
          description: 'The Search button (accent colours).',
        },
      ],
    },
    {
      classes: ['siteseer-status'],
      tags: ['p'],
      role: 'status',
      description:
        "'Searching…' while the first results are on their way, then the result count ('24 results'; past the first page '24 results, page 2 of 3'), where the results are when the tab shown has none ('No results in Blog; 3 results in All'), or the no-results text, read out by screen readers.",
      children: [
        {
          classes: ['siteseer-sr'],
          tags: ['span'],
          description:
            "The did-you-mean line in words for screen readers ('Showing results for resistor: ' before the count, or ' Did you mean resistor?' after it); visually hidden.",
        },
      ],
    },
    {
      classes: ['siteseer-error'],
      tags: ['p'],
      role: 'alert',
      description: "'Search is unavailable right now.', shown when a search fails.",
    },
    {
      classes: ['siteseer-correction'],
      tags: ['p'],
      description:
        "Did-you-mean, when the engine corrects the query: 'Did you mean resistor?', or 'Showing results for resistor · Search instead for resistr' when the results are the correction's (the corrected query in strong); hidden (the hidden attribute) otherwise.",
      inner: 'strong',
      children: [
        {
          classes: ['siteseer-correction-link'],
          tags: ['button'],
          description:
            'The query to search instead, styled as a link: the correction offered (in strong), or the query as typed.',
          inner: 'strong',
        },
      ],
    },
    {
      classes: ['siteseer-tabs'],
      tags: ['div'],
      role: 'tablist',
      description:
        "The result tabs, only when the engine has tabs besides 'All'; hidden while nothing matches.",
      children: [
        {
          classes: ['siteseer-tab'],
          tags: ['button'],
          role: 'tab',
          description:
            'One tab. data-siteseer-tab holds its name, data-siteseer-icon the icon chosen in the keyword wizard.',
          states: [
            { selector: '.siteseer-tab[aria-selected="true"]', description: 'The selected tab.' },
            {
              selector: '.siteseer-tab[data-siteseer-icon="documentation"]',
              description:
                "A tab by its icon name (here 'documentation'), e.g. to draw an icon with ::before.",
            },
          ],
          children: [
            { classes: ['siteseer-tab-name'], tags: ['span'], description: "The tab's name, capitalised." },
            {
              classes: ['siteseer-count'],
              tags: ['span'],
              description: "Its number of results, e.g. '(15)'.",
            },
          ],
        },
      ],
    },
    {
      classes: ['siteseer-results'],
      tags: ['div'],
      role: 'tabpanel',
      description:
        'The results and the pager (a tab panel when there are tabs); hidden while there is nothing to show.',
      states: [
        {
          selector: '.siteseer-results[aria-busy="true"]',
          description: 'A search is running (dimmed after 150 ms).',
          whileSearching: true,
        },
      ],
      children: [
        {
          classes: ['siteseer-hits'],
          tags: ['ol'],
          description: 'The list of results.',
          children: [
            {
              classes: ['siteseer-hit'],
              tags: ['li'],
              description: 'One result.',
              states: [
                {
                  selector: '.siteseer-hit.siteseer-hit--pinned',
                  description: "A result placed by the engine's result ranking.",
                },
              ],
              children: [
                {
                  classes: ['siteseer-hit-head'],
                  tags: ['div'],
                  description: 'The title line.',
                  children: [
                    {
                      classes: ['siteseer-hit-title'],
                      tags: ['a', 'span'],
                      description: "The page's title, a link (a span when the URL is not http or https).",
                    },
                    {
                      classes: ['siteseer-badge'],
                      tags: ['span'],
                      description: "'Featured', on pinned results.",
                    },
                    {
                      classes: ['siteseer-file-type'],
                      tags: ['span'],
                      description:
                        "The file type of a document result ('PDF', 'DOCX'); absent for a web page.",
                    },
                  ],
                },
                { classes: ['siteseer-hit-url'], tags: ['cite'], description: "The page's URL as text." },
                {
                  classes: ['siteseer-snippet'],
                  tags: ['p'],
                  description: "The best passage of the page; the query's words are mark elements.",
                  inner: 'mark',
                },
              ],
            },
          ],
        },
        {
          classes: ['siteseer-pager'],
          tags: ['nav'],
          description: "The pager ('Pagination'), when there is more than one page.",
          children: [
            {
              classes: ['siteseer-pages'],
              tags: ['ul'],
              description: 'Previous, the page numbers and Next.',
              inner: 'li > button (the current page has aria-current="page")',
              states: [
                { selector: '.siteseer-pages [aria-current="page"]', description: 'The current page.' },
              ],
              children: [
                {
                  classes: ['siteseer-sr'],
                  tags: ['span'],
                  description: "'Page ' before each page number, for screen readers only.",
                },
                {
                  classes: ['siteseer-ellipsis'],
                  tags: ['li'],
                  description: "'…' between distant page numbers.",
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/**
 * With the page's own input (the install page's Input tag), the widget renders no form: the
 * suggestions go into this box right after the input. It takes no room (display: contents).
 */
export const KEYWORD_POPUP_PARTS: WidgetPart = {
  classes: ['siteseer', 'siteseer-popup'],
  tags: ['div'],
  description: "The themed box after the page's input that holds its suggestion list.",
  children: [suggestions, suggestionCount],
};

/** Every class of a part tree, in document order (states' classes included). */
export function partClasses(part: WidgetPart): string[] {
  const own = [...part.classes];
  for (const state of part.states ?? []) {
    for (const match of state.selector.matchAll(/\.([\w-]+)/g)) {
      if (match[1] && !own.includes(match[1])) own.push(match[1]);
    }
  }
  return [...own, ...(part.children ?? []).flatMap(partClasses)];
}
