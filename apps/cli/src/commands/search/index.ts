import type { Command } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { examples, withJson } from '../help-text.ts';

/** `search ENGINE QUERY`: an engine's published search, as the visitors of the site get it. */
export function registerSearchCommand(program: Command, runtime: Runtime): void {
  withJson(
    program
      .command('search <engine> <query...>')
      .description('Search an engine as a visitor of the site would: keyword results or parametric rows'),
  )
    .option(
      '--account <account>',
      'The account the engine belongs to, by id or exact name (narrows the name lookup)',
    )
    .option('--tab <tab>', "A keyword engine's tab (default: all)")
    .option('--page <n>', 'The results page (1 = first)')
    .option('--page-size <n>', 'Results a page, 1 to 100 (default: 10 keyword results, 20 rows)')
    .option('--explain', "Each keyword result's score taken apart (members of the engine's account)")
    .option(
      '--no-auto-correct',
      'Search a keyword query as typed even when it finds nothing (default: answered with its correction)',
    )
    .addHelpText(
      'after',
      `${examples(
        'siteseer search "Docs search" install the widget',
        'siteseer search "Docs search" pricing --tab blog --page 2',
        'siteseer search "Docs search" crawl --json | jq -r ".hits[].url"',
        'siteseer search "Product finder" "low-noise amplifier" --page-size 50',
        'siteseer search "Product finder" \'\' --json | jq .total',
        'siteseer search "Docs search" install widget --explain',
      )}
ENGINE is an engine id or its exact name; QUERY is one or more words ('' lists every row of a
parametric engine). The search is the engine client's public one (/search/{clientId}/...), so it
answers from what is published: the last published crawl, or the published version of the file.

On a terminal, keyword results are a numbered list (title, URL, the snippet with the matched words
bold) after the tabs and their counts; parametric results are a table of the results columns.
Otherwise, or with --json:
  keyword:    { "total", "hits": [ { "url", "title", "snippet", "pinned", "position" } ], "tabs", "page",
                "didYouMean"?, "correctedFrom"? }
              hits in rank order, each snippet as the API gives it (HTML-escaped, <mark> on matches);
              didYouMean: a correction from the engine's own words when the query found few or no
              results; correctedFrom: the query typed, when the results are the correction's
              (a query no page matches is auto-corrected unless --no-auto-correct)
  parametric: { "total", "page", "columns": [ { "key", "id", "label", "type" } ], "rows" }
              each row keyed by column label (a repeated label gets its column id added)
With --explain (keyword engines), the results come from the portal API's explain call instead,
which ranks as the public search does: on a terminal a table of each result's score, its terms'
BM25F per field and the factors applied (held share, boost, title, proximity, link share); a pinned
result says so. Otherwise, or with --json, the call's answer:
  { "total", "page", "pageSize", "hits": [ { "position", "url", "title", "pinned", "explanation" } ] }
Exit 0 even with no results; 1 when nothing is published yet; 2 for --tab on a parametric engine.
`,
    )
    .action(lazyAction(runtime, () => import('./search.ts')));
}
