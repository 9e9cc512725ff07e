import type { Command } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { commandGroup, examples, withJson } from '../help-text.ts';

/** `apikey new`: account API keys for CI and the data-source API. */
export function registerApiKeyCommands(program: Command, runtime: Runtime): void {
  const apikey = commandGroup(program, 'apikey', 'Account API keys (for CI: SITESEER_API_KEY)');
  withJson(
    apikey
      .command('new')
      .description('Generate a new API key for an account; the previous key stops working'),
  )
    .option(
      '--account <account>',
      'The account (id or exact name); defaults to your only account when you have one',
    )
    .option('--yes', 'Do not ask for confirmation (required without a terminal)')
    .addHelpText(
      'after',
      examples(
        'siteseer apikey new --account "Acme Corp"',
        'siteseer apikey new --account 8c1d... --yes --json | jq -r .key',
      ),
    )
    .action(lazyAction(runtime, () => import('./new.ts')));
}
