import type { IncomingHttpHeaders } from 'node:http';

/**
 * Who made a search: a visitor of the customer's site (the widget, the customer's own code), or a
 * person checking the engine with `siteseer search`. CLI searches are left out of the visitors'
 * figures (0021-cli-searches.sql).
 */
export type SearchSource = 'visitor' | 'cli';

/**
 * The header the CLI marks its searches with. A browser sends it only after a CORS preflight,
 * which the search calls do not allow it in, so a visitor's page cannot hide its searches; a
 * script that sends it only hides its own.
 */
const SOURCE_HEADER = 'x-siteseer-source';

/** The source a search request names: `cli` when marked so, else a visitor's. */
export function searchSourceOf(headers: IncomingHttpHeaders): SearchSource {
  return headers[SOURCE_HEADER] === 'cli' ? 'cli' : 'visitor';
}
