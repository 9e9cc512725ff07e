import type { Command } from 'commander';
import type { AnyCommand } from './deps.ts';
import { globalOptionsOf, type Runtime } from './runtime.ts';

/** A command module, loaded only when its command runs (keeps `--version` and `--help` fast). */
export type CommandLoader = () => Promise<{ command: AnyCommand }>;

/**
 * The Commander action of a command: load its module and the factory, then parse → run with the
 * deps built for it. Errors propagate to the one handler in `main.ts`.
 */
export function lazyAction(runtime: Runtime, load: CommandLoader) {
  return async (...received: unknown[]): Promise<void> => {
    const cmd = received[received.length - 1] as Command;
    const [{ runCommand }, { command }] = await Promise.all([import('./factory.ts'), load()]);
    const chain: Record<string, unknown>[] = [];
    for (let at: Command | null = cmd; at; at = at.parent) chain.push(at.opts());
    await runCommand(runtime, command, { args: cmd.processedArgs, opts: cmd.opts() }, globalOptionsOf(chain));
  };
}
