import type { Command } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { commandGroup, examples, withJson } from '../help-text.ts';

const ROLES_HELP = 'Comma list of roles: superadmin, owner, admin, user';

/** `features ...`: the feature toggles per role (super admins change them). */
export function registerFeatureCommands(program: Command, runtime: Runtime): void {
  const features = commandGroup(program, 'features', 'Feature toggles per role');

  withJson(features.command('list').description('List features and the roles they are on for'))
    .addHelpText('after', examples('siteseer features list', 'siteseer features list --json'))
    .action(lazyAction(runtime, () => import('./list.ts')));

  withJson(
    features.command('set <name>').description('Turn a feature on for exactly these roles (super admins)'),
  )
    .option('--roles <roles>', `${ROLES_HELP}; "" turns it off for everyone`)
    .addHelpText(
      'after',
      examples(
        'siteseer features set PM_WIZARD_SE_CONFIG --roles superadmin,owner,admin',
        'siteseer features set MAINTENANCE --roles ""',
      ),
    )
    .action(lazyAction(runtime, () => import('./set.ts')));

  withJson(features.command('create <name>').description('Create a feature (super admins)'))
    .option('--description <text>', 'Shown as a tooltip on the Features page')
    .option('--roles <roles>', `${ROLES_HELP} (default: none)`)
    .option('--show-details', 'Mark the feature as showing details')
    .addHelpText(
      'after',
      examples(
        'siteseer features create BETA_EXPORT --description "Export button (beta)" --roles owner,admin',
      ),
    )
    .action(lazyAction(runtime, () => import('./create.ts')));

  withJson(features.command('delete <name>').description('Delete a feature (super admins)'))
    .option('--yes', 'Do not ask for confirmation (required without a terminal)')
    .addHelpText(
      'after',
      examples('siteseer features delete OLD_FLAG', 'siteseer features delete OLD_FLAG --yes'),
    )
    .action(lazyAction(runtime, () => import('./delete.ts')));
}
