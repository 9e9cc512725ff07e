import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { createProgram, GROUPS } from './program.ts';
import type { Runtime } from './runtime.ts';

function fakeRuntime(env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const runtime: Runtime = {
    env,
    stdout: {
      isTTY: false,
      write: (chunk) => {
        out.stdout += String(chunk);
        return true;
      },
    },
    stderr: {
      isTTY: false,
      write: (chunk) => {
        out.stderr += String(chunk);
        return true;
      },
    },
    stdin: process.stdin,
    fetch: async () => {
      throw new Error('no network in unit tests');
    },
    searchFetch: async () => {
      throw new Error('no network in unit tests');
    },
    platform: 'linux',
  };
  return { runtime, out };
}

function leaves(command: Command, path: string[] = []): { path: string; command: Command }[] {
  if (command.commands.length === 0) return [{ path: path.join(' '), command }];
  return command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}

describe('the command tree', () => {
  it('gives every command a description and an example in its help', async () => {
    const { runtime, out } = fakeRuntime();
    const program = await createProgram(runtime);
    const commands = leaves(program).filter((c) => c.path !== 'help');
    expect(commands.length).toBeGreaterThan(25);
    for (const { path, command } of commands) {
      expect(command.description(), path).not.toBe('');
      out.stdout = '';
      command.outputHelp();
      expect(out.stdout, path).toContain('Examples:\n  $ siteseer ');
    }
  });

  it('names the environment variable of every flag that can come from it', async () => {
    const { runtime } = fakeRuntime();
    const program = await createProgram(runtime);
    for (const { path, command } of leaves(program)) {
      const server = command.options.find((o) => o.long === '--server');
      if (server) expect(server.description, path).toContain('(env: SITESEER_SERVER)');
    }
    expect(program.helpInformation()).toContain('(env: SITESEER_SERVER)');
  });
});

describe('the command groups', () => {
  it('names the top-level commands each group registers, so a run loads only the group it names', async () => {
    const { runtime } = fakeRuntime();
    const all = await createProgram(runtime);
    const topLevel = all.commands.map((c) => c.name()).filter((name) => name !== 'help');
    expect(GROUPS.flatMap((group) => group.names)).toEqual(topLevel);
    for (const group of GROUPS) {
      const program = await createProgram(runtime, [group.names[0] as string, '--help']);
      const registered = program.commands.map((c) => c.name()).filter((name) => name !== 'help');
      expect(registered).toEqual(group.wholeTree ? topLevel : group.names);
    }
  });

  it('lists every group in the root help and in completion scripts', async () => {
    for (const argv of [['--help'], ['help'], ['completion', 'bash']]) {
      const { runtime, out } = fakeRuntime();
      expect(await main(argv, runtime)).toBe(0);
      for (const name of ['engines', 'search', 'maintenance', 'whoami'])
        expect(out.stdout, name).toContain(name);
    }
  });
});

describe('main', () => {
  it('exits 0 for --help and help <command>, 2 for a group without its subcommand or an unknown command', async () => {
    const { runtime, out } = fakeRuntime();
    expect(await main(['--help'], runtime)).toBe(0);
    expect(out.stdout).toContain(
      'Exit codes: 0 ok, 1 error, 2 usage error or cancelled, 4 authentication required.',
    );
    out.stdout = '';
    expect(await main(['help', 'engines', 'create', 'parametric'], runtime)).toBe(0);
    expect(out.stdout).toContain('Usage: siteseer engines create parametric');
    expect(await main(['engines'], runtime)).toBe(2);
    expect(await main(['engnes'], runtime)).toBe(2);
    expect(out.stderr).toContain('(Did you mean engines?)');
  });

  it('says in the engines help what an API key can do, and promises --account nothing for one', async () => {
    const { runtime, out } = fakeRuntime();
    expect(await main(['engines', 'show', '--help'], runtime)).toBe(0);
    const help = out.stdout.replace(/\s+/g, ' ');
    expect(help).not.toContain('lets an API key');
    expect(help).toContain('needs a login or SITESEER_TOKEN');
    const group = fakeRuntime();
    expect(await main(['engines', '--help'], group.runtime)).toBe(0);
    expect(group.out.stdout.replace(/\s+/g, ' ')).toContain(
      'With SITESEER_API_KEY only `engines create parametric` and `engines upload ENGINE-ID` work',
    );
  });

  it('says which features creating a keyword engine needs, the crawler being an edit', async () => {
    const { runtime, out } = fakeRuntime();
    expect(await main(['engines', 'create', 'keyword', '--help'], runtime)).toBe(0);
    expect(out.stdout.replace(/\s+/g, ' ')).toContain(
      'Your role needs the DASHBOARD_ADD_KEYWORD and ENGINE_EDIT features (saving the crawler is an edit;',
    );
  });

  it('shows no empty default for a repeatable option (--url)', async () => {
    const { runtime, out } = fakeRuntime();
    expect(await main(['engines', 'create', 'keyword', '--help'], runtime)).toBe(0);
    expect(out.stdout).toContain('--url <url>');
    expect(out.stdout).not.toContain('(default: [])');
  });

  it('refuses a --server that is not an http(s) URL (exit 2), rather than guessing https://', async () => {
    const { runtime, out } = fakeRuntime();
    expect(await main(['engines', 'list', '--server', 'notaurl'], runtime)).toBe(2);
    expect(out.stderr).toContain("'notaurl' is not an http(s) URL.");
  });

  it('exits 4 with one line when no server is configured', async () => {
    const { runtime, out } = fakeRuntime({ SITESEER_CONFIG_DIR: '/nonexistent/siteseer-test' });
    expect(await main(['whoami'], runtime)).toBe(4);
    expect(out.stderr).toMatch(/^error: No Siteseer server is configured\..*\n$/);
  });

  it('exits 2 on a usage error found while parsing, before any network', async () => {
    const { runtime, out } = fakeRuntime({ SITESEER_SERVER: 'https://s.test', SITESEER_TOKEN: 't' });
    expect(
      await main(
        ['engines', 'create', 'parametric', '--name', 'abc', '--account', 'a', '--file', 'x.csv'],
        runtime,
      ),
    ).toBe(2);
    expect(out.stderr).toContain('Search Engine names must be at least 5 characters long.');
    expect(await main(['features', 'set', 'X', '--roles', 'root'], runtime)).toBe(2);
  });

  it('prints completion scripts for bash, zsh and fish', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const { runtime, out } = fakeRuntime();
      expect(await main(['completion', shell], runtime)).toBe(0);
      expect(out.stdout).toContain('engines list');
      expect(out.stdout).toContain('--confirm');
    }
  });

  it("names in a group's description only commands it has", async () => {
    const program = await createProgram(fakeRuntime().runtime);
    const engines = program.commands.find((c) => c.name() === 'engines');
    const verbs = /: (.*)$/
      .exec(engines?.description() ?? '')?.[1]
      ?.split(/, | and /)
      .map((verb) => verb.trim());
    expect(verbs?.length).toBeGreaterThan(3);
    const names = engines?.commands.map((c) => c.name()) ?? [];
    for (const verb of verbs ?? []) expect(names).toContain(verb);
  });

  it('reads `crawl status` as `crawl report`, rather than suggesting `crawl start`', async () => {
    const { runtime, out } = fakeRuntime();
    expect(await main(['crawl', 'status', '--help'], runtime)).toBe(0);
    expect(out.stdout).toContain('Usage: siteseer crawl report|status [options] <engine>');
    expect(out.stderr).not.toContain('Did you mean start?');
    const completion = fakeRuntime();
    expect(await main(['completion', 'bash'], completion.runtime)).toBe(0);
    expect(completion.out.stdout).toMatch(/'crawl'\) words='start stop report status /);
    expect(completion.out.stdout).toMatch(/'crawl status'\) words='[^']*--filter --status --page/);
  });

  it('offers each option of a command once in its completion', async () => {
    const { runtime, out } = fakeRuntime();
    expect(await main(['completion', 'bash'], runtime)).toBe(0);
    const root = /^ {4}''\) words='([^']*)'/m.exec(out.stdout)?.[1]?.split(' ') ?? [];
    expect(root).toContain('--version');
    expect(root.filter((word) => word === '--version')).toHaveLength(1);
    const fish = fakeRuntime();
    expect(await main(['completion', 'fish'], fish.runtime)).toBe(0);
    const lines = fish.out.stdout.split('\n').filter((line) => line.startsWith('complete '));
    expect(new Set(lines).size).toBe(lines.length);
  });
});
