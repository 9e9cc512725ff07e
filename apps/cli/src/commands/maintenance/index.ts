import type { Command } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { commandGroup, examples, withJson } from '../help-text.ts';

/** `maintenance show|set|clear`: the maintenance banner. */
export function registerMaintenanceCommands(program: Command, runtime: Runtime): void {
  const maintenance = commandGroup(
    program,
    'maintenance',
    'The maintenance notice shown to every user (set and clear: super admins)',
  );

  withJson(
    maintenance
      .command('show')
      .description('Show the maintenance notice and whether it is scheduled or active'),
  )
    .addHelpText('after', examples('siteseer maintenance show'))
    .action(lazyAction(runtime, () => import('./show.ts')));

  withJson(maintenance.command('set').description('Set the maintenance notice'))
    .option('--message <text>', 'The message (required)')
    .option('--start <time>', 'When it starts, ISO 8601, e.g. 2026-12-01T22:00Z (required)')
    .option('--end <time>', 'When it ends, ISO 8601, after the start (required)')
    .option('--title <text>', 'A title')
    .addHelpText(
      'after',
      examples(
        'siteseer maintenance set --title "Upgrade" --message "Search may be slow" --start 2026-12-01T22:00Z --end 2026-12-01T23:00Z',
      ),
    )
    .action(lazyAction(runtime, () => import('./set.ts')));

  withJson(maintenance.command('clear').description('End the maintenance notice now'))
    .addHelpText('after', examples('siteseer maintenance clear'))
    .action(lazyAction(runtime, () => import('./clear.ts')));
}
