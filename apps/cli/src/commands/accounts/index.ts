import { type Command, Option } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { commandGroup, examples, withJson } from '../help-text.ts';

/** `accounts ...`: list, show, create, update, delete. */
export function registerAccountCommands(program: Command, runtime: Runtime): void {
  const accounts = commandGroup(
    program,
    'accounts',
    'Accounts (create and delete: super admins)',
  ).addHelpText('after', '\nACCOUNT is an account id or its exact name.\n');

  withJson(accounts.command('list').description('List your accounts (every account for a super admin)'))
    .addHelpText('after', examples('siteseer accounts list', 'siteseer accounts list --json'))
    .action(lazyAction(runtime, () => import('./list.ts')));

  withJson(accounts.command('show <account>').description('Show an account and its users'))
    .addHelpText('after', examples('siteseer accounts show "Acme Corp"'))
    .action(lazyAction(runtime, () => import('./show.ts')));

  withJson(accounts.command('create').description('Create an account (super admins)'))
    .requiredOption('--name <name>', 'The account name')
    .option('--products <list>', 'Product types: parametric,keyword (or pm,kw)')
    .option('--owner-email <email>', 'Add this owner (invited when new)')
    .option('--owner-first <name>', "The owner's first name")
    .option('--owner-last <name>', "The owner's last name")
    .addHelpText(
      'after',
      examples(
        'siteseer accounts create --name "Acme Corp" --products pm,kw --owner-email ann@acme.test --owner-first Ann --owner-last Lee',
      ),
    )
    .action(lazyAction(runtime, () => import('./create.ts')));

  withJson(accounts.command('update <account>').description('Rename an account or change its products'))
    .option('--name <name>', 'The new name')
    .option('--products <list>', 'The product types (super admins): parametric,keyword')
    .addHelpText('after', examples('siteseer accounts update "Acme Corp" --name "Acme Inc"'))
    .action(lazyAction(runtime, () => import('./update.ts')));

  withJson(
    accounts.command('delete <account>').description('Delete an account and all its engines (super admins)'),
  )
    .option('--confirm <name>', "The account's exact name, to confirm (asked for on a terminal when absent)")
    .addOption(new Option('--yes').hideHelp())
    .addHelpText('after', examples('siteseer accounts delete "Acme Corp" --confirm "Acme Corp"'))
    .action(lazyAction(runtime, () => import('./delete.ts')));
}
