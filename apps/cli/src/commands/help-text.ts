import type { Command } from 'commander';
import { fromEnv } from '../env.ts';

/** The "Examples:" section added after a command's help. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/**
 * The options every command has: --json, and the root's --server, --verbose and --no-color, so they
 * work after the command name too (root options are positional: `-V, --version` stays the root's,
 * and `--version <n>` can be a command's own).
 */
export function withJson(command: Command): Command {
  return command
    .option('--json', 'Print the result as JSON on stdout')
    .option('--server <url>', `The Siteseer server URL${fromEnv('SITESEER_SERVER')}`)
    .option('--verbose', "Show error details (the server's problem document)")
    .option('--no-color', `Turn colours off${fromEnv('NO_COLOR')}`);
}

/** A command group: run without a subcommand it shows its help and exits 2 (a usage error). */
export function commandGroup(parent: Command, name: string, description: string): Command {
  return parent.command(name).description(description).helpCommand(false);
}

/** Commander's collector for a repeatable option (`--url A --url B`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
