import type { Command } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { examples, withJson } from '../help-text.ts';

/** `analytics ENGINE`: what visitors searched and clicked, for a period. */
export function registerAnalyticsCommand(program: Command, runtime: Runtime): void {
  withJson(
    program
      .command('analytics <engine>')
      .description("An engine's analytics: searches, zero results, clicks and top queries for a period"),
  )
    .option(
      '--account <account>',
      'The account the engine belongs to, by id or exact name (narrows the name lookup; not used with an API key)',
    )
    .option('--report <report>', 'summary (default), top-queries, zero-results or clicks')
    .option('--from <date>', 'First day (YYYY-MM-DD, UTC); default: 30 days before --to')
    .option('--to <date>', 'Last day (YYYY-MM-DD, UTC); default: today')
    .option('--period <period>', 'Instead of --from/--to: 7d, 30d or 90d, ending today')
    .option('--limit <n>', 'Rows of a list report, 1 to 1000 (default 20)')
    .option(
      '--include-cli',
      'Count the searches made with `siteseer search` in the summary too (left out by default)',
    )
    .addHelpText(
      'after',
      `${examples(
        'siteseer analytics "Docs search"',
        'siteseer analytics "Docs search" --report zero-results --period 7d',
        'siteseer analytics "Docs search" --report top-queries --from 2026-01-01 --to 2026-01-31 --limit 50',
        'siteseer analytics "$ENGINE_ID" --json | jq .summary.zeroResultRate      # SITESEER_API_KEY works with an id',
      )}
Days are UTC days. Without --from, --to or --period: the last 30 days.
Searches made with \`siteseer search\` are marked and left out of every report: they are not
visitors'. --include-cli adds them to the summary's search counts (not to visitors or clicks).
On a terminal: summary prints the totals, each against the period just before, and a table of
days; top-queries and zero-results a table of queries; clicks a table of clicked results.
Otherwise, or with --json, the report call's answer (GET analytics/{engineId}/report):
  summary:                    { "summary", "previous", "days": [ { "day", "searches", ... } ] }
  top-queries, zero-results:  { "queries": [ { "query", "searches", "zeroResultSearches",
                                "clicks", "clickThroughRate", "averageClickPosition" } ] }
  clicks:                     { "results": [ { "url", "clicks", "averageClickPosition" } ] }
each with "report", "engineId", "clientId", "from" and "to". Rates are 0..1, or null.
`,
    )
    .action(lazyAction(runtime, () => import('./analytics.ts')));
}
