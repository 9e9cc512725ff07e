import { Command } from 'commander';
import { registerAccountCommands } from './commands/accounts/index.ts';
import { registerAnalyticsCommand } from './commands/analytics/index.ts';
import { registerApiKeyCommands } from './commands/apikey/index.ts';
import { registerAuthCommands } from './commands/auth/index.ts';
import { registerCompletionCommand } from './commands/completion/index.ts';
import { registerCrawlCommands } from './commands/crawl/index.ts';
import { registerEngineCommands } from './commands/engines/index.ts';
import { registerFeatureCommands } from './commands/features/index.ts';
import { registerMaintenanceCommands } from './commands/maintenance/index.ts';
import { registerSearchCommand } from './commands/search/index.ts';
import { registerUserCommands } from './commands/users/index.ts';
import { ENV_VARS, fromEnv } from './env.ts';
import type { Runtime } from './runtime.ts';
import { VERSION } from './version.ts';

function environmentHelp(): string {
  const width = Math.max(...Object.keys(ENV_VARS).map((name) => name.length));
  const lines = Object.entries(ENV_VARS).map(([name, text]) => `  ${name.padEnd(width)}  ${text}`);
  return `\nEnvironment:\n${lines.join('\n')}\n\nExit codes: 0 ok, 1 error, 2 usage error or cancelled, 4 authentication required.\n`;
}

/**
 * The command tree. Registration modules import only Commander: each command's module (and
 * core, Ink, openid-client) loads when that command runs.
 */
export function createProgram(runtime: Runtime): Command {
  const program = new Command('siteseer');
  program
    .description(
      'Siteseer hosted site search from the terminal and CI: engines, their crawls and search, features, accounts and users.',
    )
    .version(VERSION, '-V, --version', 'Print the version')
    .option('--server <url>', `The Siteseer server URL${fromEnv('SITESEER_SERVER')}`)
    .option('--verbose', "Show error details (the server's problem document)")
    .option('--no-color', `Turn colours off${fromEnv('NO_COLOR')}`)
    .helpOption('-h, --help', 'Show help')
    .helpCommand(false)
    .enablePositionalOptions()
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => runtime.stdout.write(text),
      writeErr: (text) => runtime.stderr.write(text),
    })
    .addHelpText('after', environmentHelp());

  registerAuthCommands(program, runtime);
  registerEngineCommands(program, runtime);
  registerCrawlCommands(program, runtime);
  registerSearchCommand(program, runtime);
  registerAnalyticsCommand(program, runtime);
  registerFeatureCommands(program, runtime);
  registerAccountCommands(program, runtime);
  registerUserCommands(program, runtime);
  registerApiKeyCommands(program, runtime);
  registerMaintenanceCommands(program, runtime);
  registerCompletionCommand(program, runtime);
  registerHelpCommand(program);
  // Set after the commands are made, so it is the root's alone: its list leaves out '[options]'
  // (every command has some), which keeps the longest entry, `search <engine> <query...>`, narrow
  // enough for the descriptions on an 80-column screen.
  program.configureHelp({ subcommandTerm: commandTerm });
  return program;
}

/** A command as the root's help lists it: its name and arguments (`search <engine> <query...>`). */
function commandTerm(command: Command): string {
  const args = command.registeredArguments.map((arg) => {
    const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
    return arg.required ? `<${name}>` : `[${name}]`;
  });
  return [command.name(), ...args].join(' ');
}

/** `help [command...]`: the help of any command, nested ones included (`siteseer help engines list`). */
function registerHelpCommand(program: Command): void {
  program
    .command('help [command...]')
    .description('Show help for a command')
    .action((path: string[] = []) => {
      let target: Command = program;
      for (const name of path) {
        const next = target.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!next) {
          target.error(`error: unknown command '${path.join(' ')}'`, {
            exitCode: 2,
            code: 'commander.unknownCommand',
          });
          return;
        }
        target = next;
      }
      target.outputHelp();
    });
}
