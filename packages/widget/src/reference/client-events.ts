/**
 * The client events' names (the keys of ParametricEventMap and KeywordEventMap in events.ts). No
 * import of events.ts: reference.test.ts compares names and details with it instead.
 */
export type ClientEventName = 'siteseer:search' | 'siteseer:results' | 'siteseer:click' | 'siteseer:error';

/** A field of an event's `detail`. */
export interface EventField {
  name: string;
  /** Its TypeScript type, written as a site's developer would (checked equal to events.ts). */
  type: string;
  /** The field may be absent. */
  optional?: true;
  description: string;
}

/** A client event: a DOM CustomEvent the widget dispatches on its root element. */
export interface ClientEventReference<Name extends string = ClientEventName> {
  name: Name;
  when: string;
  /** `preventDefault()` stops what the widget was about to do (the navigation). */
  cancelable: boolean;
  detail: readonly EventField[];
}

const errorEvent = (when: string): ClientEventReference<'siteseer:error'> => ({
  name: 'siteseer:error',
  when,
  cancelable: false,
  detail: [
    {
      name: 'message',
      type: 'string',
      description: "What failed, for your logs; visitors read 'Search is unavailable right now.'",
    },
  ],
});

/**
 * The events of parametric mode (ParametricEventMap in events.ts), in the order they happen.
 * reference.test.ts checks the names, the cancelable flags and every detail field and type against
 * the widget's source.
 */
export const PARAMETRIC_EVENTS: readonly ClientEventReference[] = [
  {
    name: 'siteseer:search',
    when: 'A search starts: the first load (with the query the visitor left, when coming back by Back or a reload), typing (after 250 ms of quiet), Enter or the Search button, a filter, a sort or a page.',
    cancelable: false,
    detail: [
      { name: 'q', type: 'string', description: "The search text ('' when empty)." },
      {
        name: 'filters',
        type: 'Record<string, { values: string[] } | { min?: number; max?: number }>',
        description:
          "The filters applied, by filter (column) id: the values ticked in a list filter ('' is the '(empty)' option), or the bounds of a range filter (an absent bound is open).",
      },
      {
        name: 'sort',
        type: "{ column: string; direction: 'asc' | 'desc' }",
        optional: true,
        description: 'The sorted column and its direction; absent until a header is clicked.',
      },
      { name: 'page', type: 'number', description: 'The page asked for, from 1.' },
      { name: 'pageSize', type: 'number', description: 'Rows per page.' },
    ],
  },
  {
    name: 'siteseer:results',
    when: 'The results of a search are on screen.',
    cancelable: false,
    detail: [
      { name: 'total', type: 'number', description: 'Rows matching the search and filters.' },
      { name: 'page', type: 'number', description: 'The page shown, from 1.' },
      { name: 'rows', type: 'number', description: 'Rows on this page.' },
      { name: 'took', type: 'number', description: "The search service's time, in milliseconds." },
      {
        name: 'searchId',
        type: 'string',
        description: "The search's id, which the widget's click beacons (analytics) carry.",
      },
    ],
  },
  {
    name: 'siteseer:click',
    when: 'A link in a result row (a hyperlink column) is followed, by a click or a middle click. Cancelling stops the navigation; the click is still counted in analytics.',
    cancelable: true,
    detail: [
      {
        name: 'row',
        type: 'Record<string, string | number | boolean | null>',
        description: "The row's values by column id, as the service sent them.",
      },
      { name: 'column', type: 'string', description: 'The id of the column holding the link.' },
      { name: 'url', type: 'string', description: 'The absolute URL being opened.' },
      {
        name: 'position',
        type: 'number',
        description: "The row's 1-based rank across pages, as the click beacon reports it.",
      },
    ],
  },
  errorEvent('The engine could not be loaded or a search failed.'),
];

/**
 * The events of keyword mode (KeywordEventMap in events.ts), in the order they happen. Checked by
 * reference.test.ts like PARAMETRIC_EVENTS.
 */
export const KEYWORD_EVENTS: readonly ClientEventReference[] = [
  {
    name: 'siteseer:search',
    when: 'A search starts: Enter or the Search button, a tab, a page, or when the page loads: its own ?q=, or the search the visitor left when coming back (Back or a reload).',
    cancelable: false,
    detail: [
      { name: 'query', type: 'string', description: 'The search text.' },
      { name: 'tab', type: 'string', description: "The tab's name; 'all' for every result." },
      { name: 'page', type: 'number', description: 'The page asked for, from 1.' },
      { name: 'pageSize', type: 'number', description: 'Results per page.' },
    ],
  },
  {
    name: 'siteseer:results',
    when: 'The results of a search are on screen.',
    cancelable: false,
    detail: [
      { name: 'query', type: 'string', description: 'The search text.' },
      { name: 'tab', type: 'string', description: 'The tab shown.' },
      { name: 'page', type: 'number', description: 'The page shown, from 1.' },
      { name: 'total', type: 'number', description: 'Results in the tab shown.' },
      {
        name: 'tabs',
        type: '{ name: string; count: number }[]',
        description: "Every tab with its number of results, 'all' first.",
      },
      { name: 'hits', type: 'number', description: 'Results on this page.' },
      { name: 'took', type: 'number', description: "The search service's time, in milliseconds." },
      {
        name: 'searchId',
        type: 'string',
        description: "The search's id, which the widget's click beacons (analytics) carry.",
      },
    ],
  },
  {
    name: 'siteseer:click',
    when: "A result title is followed (click, Enter or middle click) or a suggestion is chosen. Cancelling stops the navigation; a result's click is still counted in analytics.",
    cancelable: true,
    detail: [
      { name: 'query', type: 'string', description: 'The search text (what was typed, for a suggestion).' },
      { name: 'tab', type: 'string', description: 'The tab shown.' },
      { name: 'url', type: 'string', description: 'The absolute URL being opened.' },
      {
        name: 'position',
        type: 'number',
        description: 'The rank from 1, counted across pages (results) or in the suggestion list.',
      },
      {
        name: 'pinned',
        type: 'boolean',
        description: "The result was placed by the engine's result ranking (its 'Featured' badge).",
      },
      {
        name: 'source',
        type: "'result' | 'suggestion'",
        description: 'What was followed: a result title or a suggestion.',
      },
    ],
  },
  errorEvent('The engine could not be loaded or a search failed (a failing suggestion list only closes).'),
];
