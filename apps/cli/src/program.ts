import { Command } from 'commander';
import { ENV_VARS, fromEnv } from './env.ts';
import type { Runtime } from './runtime.ts';
import { VERSION } from './version.ts';

type Register = (program: Command, runtime: Runtime) => void;

/**
 * The command groups in the order help lists them, each with the top-level commands it registers
 * (program.test.ts holds the two equal). A run whose first word names a group loads that group's
 * registration only (`siteseer search ...` loads one module, not eleven); any other run (help,
 * completion, root options first, a typo to suggest a command for) loads them all.
 */
export const GROUPS: readonly {
  names: readonly string[];
  load: () => Promise<Register>;
  /** The group reads the whole tree (completion scripts are made from it): all groups load. */
  wholeTree?: true;
}[] = [
  {
    names: ['login', 'logout', 'whoami'],
    load: async () => (await import('./commands/auth/index.ts')).registerAuthCommands,
  },
  {
    names: ['engines'],
    load: async () => (await import('./commands/engines/index.ts')).registerEngineCommands,
  },
  { names: ['crawl'], load: async () => (await import('./commands/crawl/index.ts')).registerCrawlCommands },
  { names: ['search'], load: async () => (await import('./commands/search/index.ts')).registerSearchCommand },
  {
    names: ['analytics'],
    load: async () => (await import('./commands/analytics/index.ts')).registerAnalyticsCommand,
  },
  {
    names: ['features'],
    load: async () => (await import('./commands/features/index.ts')).registerFeatureCommands,
  },
  {
    names: ['accounts'],
    load: async () => (await import('./commands/accounts/index.ts')).registerAccountCommands,
  },
  { names: ['users'], load: async () => (await import('./commands/users/index.ts')).registerUserCommands },
  {
    names: ['apikey'],
    load: async () => (await import('./commands/apikey/index.ts')).registerApiKeyCommands,
  },
  {
    names: ['maintenance'],
    load: async () => (await import('./commands/maintenance/index.ts')).registerMaintenanceCommands,
  },
  {
    names: ['completion'],
    load: async () => (await import('./commands/completion/index.ts')).registerCompletionCommand,
    wholeTree: true,
  },
];

function environmentHelp(): string {
  const width = Math.max(...Object.keys(ENV_VARS).map((name) => name.length));
  const lines = Object.entries(ENV_VARS).map(([name, text]) => `  ${name.padEnd(width)}  ${text}`);
  return `\nEnvironment:\n${lines.join('\n')}\n\nExit codes: 0 ok, 1 error, 2 usage error or cancelled, 4 authentication required.\n`;
}

/**
 * The command tree, for `argv` (all of it when `argv` is not given). Registration modules import
 * only Commander: each command's module (and core, Ink, openid-client) loads when that command runs.
 */
export async function createProgram(runtime: Runtime, argv?: readonly string[]): Promise<Command> {
  const named = GROUPS.find((group) => argv?.[0] !== undefined && group.names.includes(argv[0]));
  const groups = named && !named.wholeTree ? [named] : GROUPS;
  const registers = await Promise.all(groups.map((group) => group.load()));
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

  for (const register of registers) register(program, runtime);
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
