import { Argument, type Command } from 'commander';
import type { Runtime } from '../../runtime.ts';
import { examples } from '../help-text.ts';

/** `completion bash|zsh|fish`: prints a completion script built from the command tree. */
export function registerCompletionCommand(program: Command, runtime: Runtime): void {
  program
    .command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        'siteseer completion bash > ~/.siteseer-completion.bash   # then source it in ~/.bashrc',
        'siteseer completion zsh > ~/.siteseer-completion.zsh     # then source it in ~/.zshrc',
        'siteseer completion fish > ~/.config/fish/completions/siteseer.fish',
      ),
    )
    .action(async (shell: 'bash' | 'zsh' | 'fish') => {
      const { completionScript } = await import('./completion.ts');
      runtime.stdout.write(completionScript(shell, program));
    });
}
