import type { ApiDeps } from '../deps.ts';
import { CancelledError, UsageError } from '../errors.ts';

/**
 * The confirmation of a command that deletes or replaces something that cannot be had back: given
 * `--yes` it goes on; on a terminal it asks (default no; "no" cancels, exit 2, nothing changed);
 * without one (a script, CI, stdin closed) it never waits for an answer: it is a usage error
 * (exit 2) naming `--yes`. `action` completes "Pass --yes to ... without a terminal."
 */
export async function confirmOrYes(
  deps: Pick<ApiDeps, 'output' | 'prompt'>,
  options: { yes: boolean; question: string; action: string },
): Promise<void> {
  if (options.yes) return;
  if (!deps.output.interactive) {
    throw new UsageError(`Pass --yes to ${options.action} without a terminal.`);
  }
  if (!(await deps.prompt.confirm(options.question))) throw new CancelledError();
}
