import type { Command } from 'commander';
import { lazyAction } from '../../../action.ts';
import type { Runtime } from '../../../runtime.ts';
import { commandGroup, examples, withJson } from '../../help-text.ts';

const ACCOUNT_HELP = 'The account the engine belongs to, by id or exact name';
const ENABLE_HELP = 'Also turn result ranking on (curations change no results while it is off)';

/**
 * `engines curations ...`: a keyword engine's result ranking entries, the Influence step's pinned and
 * hidden URLs per query: list, pin, hide, remove, import and export (the CSV of the portal).
 */
export function registerCurationCommands(engines: Command, runtime: Runtime): void {
  const curations = commandGroup(
    engines,
    'curations',
    "A keyword engine's curations: URLs pinned above a query's results, or hidden from them",
  ).addHelpText(
    'after',
    '\nA query matches as the search compares queries: case, spaces and punctuation aside.\n' +
      'A URL is pinned or hidden, never both: pinning a hidden URL unhides it, and the other way round.\n',
  );
  const sub = (nameAndArgs: string, description: string) =>
    withJson(curations.command(nameAndArgs).description(description)).option(
      '--account <account>',
      ACCOUNT_HELP,
    );

  sub('list <engine>', 'List the queries with their pinned and hidden URLs')
    .addHelpText('after', examples('siteseer engines curations list "Docs search"'))
    .action(lazyAction(runtime, () => import('./list.ts')));

  sub('pin <engine> <query> <urls...>', "Pin URLs above a query's results, after those pinned already")
    .option('--enable', ENABLE_HELP)
    .addHelpText(
      'after',
      examples('siteseer engines curations pin "Docs search" pricing https://example.com/pricing --enable'),
    )
    .action(lazyAction(runtime, () => import('./change.ts').then((m) => ({ command: m.pin }))));

  sub('hide <engine> <query> <urls...>', "Hide URLs from a query's results (any tab, any page, no count)")
    .option('--enable', ENABLE_HELP)
    .addHelpText(
      'after',
      examples('siteseer engines curations hide "Docs search" pricing https://example.com/old-pricing'),
    )
    .action(lazyAction(runtime, () => import('./change.ts').then((m) => ({ command: m.hide }))));

  sub(
    'remove <engine> <query> [urls...]',
    "Remove URLs from a query's curation, or the whole entry without URLs",
  )
    .addHelpText('after', examples('siteseer engines curations remove "Docs search" pricing'))
    .action(lazyAction(runtime, () => import('./change.ts').then((m) => ({ command: m.remove }))));

  sub('import <engine>', 'Replace the curations with a result ranking CSV (as Load CSV in the portal)')
    .requiredOption(
      '--file <path>',
      "A CSV: a query, its pinned URLs, and optionally a last cell 'hidden: URL URL'",
    )
    .option('--enable', ENABLE_HELP)
    .addHelpText('after', examples('siteseer engines curations import "Docs search" --file ranking.csv'))
    .action(lazyAction(runtime, () => import('./import.ts')));

  sub('export <engine>', 'Write the curations as current-result-ranking.csv')
    .option('-o, --output <path>', "Where to save it ('-' for stdout, the default)")
    .addHelpText('after', examples('siteseer engines curations export "Docs search" -o ranking.csv'))
    .action(lazyAction(runtime, () => import('./export.ts')));
}
