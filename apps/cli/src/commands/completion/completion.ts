import type { Command } from 'commander';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** One node of the command tree: its path, subcommands and long options. */
interface Node {
  path: string;
  description: string;
  subcommands: { name: string; description: string }[];
  options: { flag: string; description: string }[];
}

function visibleOptions(command: Command): Node['options'] {
  const own = command.options
    .filter((o) => !o.hidden && o.long)
    .map((o) => ({ flag: o.long as string, description: o.description }));
  return [...own, { flag: '--help', description: 'Show help' }];
}

/** Every command of the tree, depth first, the root as ''. */
function commandTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const visit = (command: Command, path: string) => {
    // Aliases (`crawl status` for `crawl report`) complete as their command does.
    const subcommands = command.commands.flatMap((c) =>
      [c.name(), ...c.aliases()].map((name) => ({ name, description: c.description() })),
    );
    // Commander lists the root's -V, --version among its options already: it is added only when
    // absent, so that each shell offers it once.
    const own = visibleOptions(command);
    const rootOptions =
      path === '' && !own.some((o) => o.flag === '--version')
        ? [{ flag: '--version', description: 'Print the version' }]
        : [];
    nodes.push({ path, description: command.description(), subcommands, options: [...rootOptions, ...own] });
    for (const sub of command.commands)
      for (const name of [sub.name(), ...sub.aliases()]) visit(sub, path ? `${path} ${name}` : name);
  };
  visit(program, '');
  return nodes;
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function bash(program: Command): string {
  const nodes = commandTree(program);
  const paths = nodes.filter((n) => n.path !== '').map((n) => quote(n.path));
  const cases = nodes
    .map(
      (n) =>
        `    ${quote(n.path)}) words=${quote([...n.subcommands.map((s) => s.name), ...n.options.map((o) => o.flag)].join(' '))} ;;`,
    )
    .join('\n');
  return `# siteseer completion for bash: add to ~/.bashrc
#   source <(siteseer completion bash)
_siteseer_completions() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" next w i words=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    next="\${path:+$path }$w"
    case "$next" in
      ${paths.join('|')}) path="$next" ;;
    esac
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _siteseer_completions siteseer
`;
}

function zsh(program: Command): string {
  return `# siteseer completion for zsh: add to ~/.zshrc
#   source <(siteseer completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash(program).split('\n').slice(2).join('\n')}`;
}

function fish(program: Command): string {
  const nodes = commandTree(program);
  const lines = [
    '# siteseer completion for fish:',
    '#   siteseer completion fish > ~/.config/fish/completions/siteseer.fish',
    `set -g __siteseer_paths ${nodes
      .filter((n) => n.path !== '')
      .map((n) => quote(n.path))
      .join(' ')}`,
    'function __siteseer_path',
    "    set -l path ''",
    '    for w in (commandline -opc)[2..-1]',
    '        set -l next (string trim -- "$path $w")',
    '        if contains -- $next $__siteseer_paths',
    '            set path $next',
    '        end',
    '    end',
    '    echo $path',
    'end',
  ];
  for (const node of nodes) {
    const when = quote(`test "(__siteseer_path)" = ${quote(node.path)}`);
    for (const sub of node.subcommands) {
      lines.push(`complete -c siteseer -f -n ${when} -a ${quote(sub.name)} -d ${quote(sub.description)}`);
    }
    for (const option of node.options) {
      lines.push(
        `complete -c siteseer -n ${when} -l ${option.flag.replace(/^--/, '')} -d ${quote(option.description)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of a shell for this program's commands and options. */
export function completionScript(shell: Shell, program: Command): string {
  switch (shell) {
    case 'bash':
      return bash(program);
    case 'zsh':
      return zsh(program);
    case 'fish':
      return fish(program);
  }
}
