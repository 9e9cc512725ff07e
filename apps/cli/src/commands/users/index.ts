import type { Command } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { commandGroup, examples, withJson } from '../help-text.ts';

/** --account may be left out by someone with exactly one account: that account is used. */
const ACCOUNT_HELP = 'The account (id or exact name); defaults to your only account when you have one';
const YES_HELP = 'Do not ask for confirmation (required without a terminal)';

/** `users ...`: the users of an account and their roles. */
export function registerUserCommands(program: Command, runtime: Runtime): void {
  const users = commandGroup(
    program,
    'users',
    "An account's users and their roles (owners and admins manage them)",
  ).addHelpText(
    'after',
    '\nUSER is a user id or e-mail address. --account may be left out when you have exactly one account.\n',
  );

  withJson(users.command('list').description("List an account's users"))
    .option('--account <account>', ACCOUNT_HELP)
    .addHelpText('after', examples('siteseer users list --account "Acme Corp"'))
    .action(lazyAction(runtime, () => import('./list.ts')));

  withJson(users.command('add').description('Add a user to an account (a new login is invited by e-mail)'))
    .option('--account <account>', ACCOUNT_HELP)
    .requiredOption('--email <email>', 'Their e-mail address')
    .requiredOption('--first <name>', 'First name')
    .requiredOption('--last <name>', 'Last name')
    .option('--role <role>', 'owner (only while there is none), admin or user', 'user')
    .addHelpText(
      'after',
      examples(
        'siteseer users add --account "Acme Corp" --email bo@acme.test --first Bo --last Ng --role admin',
      ),
    )
    .action(lazyAction(runtime, () => import('./add.ts')));

  withJson(
    users.command('remove <user>').description('Remove a user from an account (not the owner, not yourself)'),
  )
    .option('--account <account>', ACCOUNT_HELP)
    .option('--yes', YES_HELP)
    .addHelpText(
      'after',
      examples(
        'siteseer users remove bo@acme.test --account "Acme Corp"',
        'siteseer users remove bo@acme.test --yes   # with one account, in a script',
      ),
    )
    .action(lazyAction(runtime, () => import('./remove.ts')));

  withJson(users.command('role <user> <role>').description("Change a user's role to admin or user"))
    .option('--account <account>', ACCOUNT_HELP)
    .addHelpText('after', examples('siteseer users role bo@acme.test admin --account "Acme Corp"'))
    .action(lazyAction(runtime, () => import('./role.ts')));

  withJson(
    users
      .command('transfer-ownership <user>')
      .description('Make a user the owner; the current owner becomes admin'),
  )
    .option('--account <account>', ACCOUNT_HELP)
    .option('--yes', YES_HELP)
    .addHelpText(
      'after',
      examples('siteseer users transfer-ownership bo@acme.test --account "Acme Corp" --yes'),
    )
    .action(lazyAction(runtime, () => import('./transfer-ownership.ts')));
}
