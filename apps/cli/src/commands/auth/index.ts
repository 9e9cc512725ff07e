import type { Command } from 'commander';
import { lazyAction } from '../../action.ts';
import type { Runtime } from '../../runtime.ts';
import { examples, withJson } from '../help-text.ts';

/** `login`, `logout`, `whoami` (top-level commands). */
export function registerAuthCommands(program: Command, runtime: Runtime): void {
  withJson(
    program
      .command('login')
      .description('Sign in with the device flow: approve a one-time code in the browser')
      .option('--no-browser', 'Do not open the browser (the URL is printed either way)'),
  )
    .addHelpText(
      'after',
      `
With --json, stdout gets two JSON lines: first the code, as soon as it is issued
  {"verification_uri":"...","verification_uri_complete":"...","user_code":"BCDF-GHJK","expires_in":600}
then, once the code is approved, the result
  {"server":"...","email":"...","storedIn":"..."}
${examples(
  'siteseer login --server https://siteseer.example.com',
  'siteseer login --server http://localhost:8080 --no-browser',
  "siteseer login --json | jq --unbuffered -r '.verification_uri_complete // .email'",
)}`,
    )
    .action(lazyAction(runtime, () => import('./login.ts')));

  withJson(program.command('logout').description('Revoke the saved session and delete the saved credentials'))
    .addHelpText(
      'after',
      examples('siteseer logout', 'siteseer logout --server https://siteseer.example.com'),
    )
    .action(lazyAction(runtime, () => import('./logout.ts')));

  withJson(
    program.command('whoami').description('Show who you are signed in as: profile, accounts and roles'),
  )
    .addHelpText('after', examples('siteseer whoami', 'siteseer whoami --json | jq .accounts'))
    .action(lazyAction(runtime, () => import('./whoami.ts')));
}
