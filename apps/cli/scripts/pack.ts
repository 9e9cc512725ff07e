// `pnpm --filter @siteseer/cli pack:tarball` (after `build`): `dist/siteseer-cli-<version>.tgz`, the
// package that `npm i -g` installs.
//
// The workspace manifest cannot be published as it is (`workspace:` specifiers, `bin` on a `.ts`
// file, `private`), so this writes the published one into a staging directory next to a copy of the
// built files and runs `npm pack` there:
// - `bin: { siteseer: 'dist/bin.js' }`, `files: ['dist']`: only the build (npm adds the README);
// - `dependencies`: the npm dependencies of this package and of the bundled workspace packages, at
//   their pinned versions; no workspace package (they are inlined by `vite build`);
// - `engines.node`: the highest minimum of those dependencies' own `engines.node`.
// It refuses to pack when `dist/` imports a package the manifest does not declare.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Manifest {
  name: string;
  version: string;
  description?: string;
  dependencies?: Record<string, string>;
  engines?: { node?: string };
}

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

function readManifest(path: string): Manifest {
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The package.json of `name` as installed for the package whose manifest is `from`. */
function installedManifest(name: string, from: string): { path: string; manifest: Manifest } {
  const require = createRequire(from);
  // Not `require.resolve(`${name}/package.json`)`: `exports` may hide it. Walk up from the entry.
  for (const base of require.resolve.paths(name) ?? []) {
    const path = join(base, name, 'package.json');
    if (existsSync(path)) return { path, manifest: readManifest(path) };
  }
  throw new Error(`${name} is not installed (run pnpm install)`);
}

/**
 * The npm dependencies once the workspace packages are bundled in: this package's, plus those of
 * every workspace package it inlines (recursively). A dependency pinned to two versions is an error.
 */
function externalDependencies(manifestPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string) => {
    for (const [name, spec] of Object.entries(readManifest(path).dependencies ?? {})) {
      if (spec.startsWith('workspace:')) {
        visit(installedManifest(name, path).path);
      } else if (out[name] !== undefined && out[name] !== spec) {
        throw new Error(`${name} is pinned to ${out[name]} and ${spec}: align the workspace`);
      } else {
        out[name] = spec;
      }
    }
  };
  visit(manifestPath);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

type Version = [number, number, number];

/** The lowest Node version a range such as `>=22.12.0`, `>= 10` or `10.* || >= 12.*` accepts. */
function lowestNode(range: string): Version {
  const lows = range.split('||').map((part) => {
    const match = /^\s*(?:>=|\^|~)?\s*v?(\d+)(?:\.(\d+|\*|x))?(?:\.(\d+|\*|x))?\s*$/.exec(part);
    if (!match) throw new Error(`engines.node "${range}": not a range this script understands`);
    const number = (s: string | undefined) => (s === undefined || s === '*' || s === 'x' ? 0 : Number(s));
    return [number(match[1]), number(match[2]), number(match[3])] as Version;
  });
  return lows.reduce((a, b) => (compare(a, b) <= 0 ? a : b));
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** `>=` the highest minimum Node version among the dependencies' `engines.node`. */
function nodeEngine(dependencies: Record<string, string>, from: string): string {
  let highest: Version = [0, 0, 0];
  for (const name of Object.keys(dependencies)) {
    const range = installedManifest(name, from).manifest.engines?.node;
    if (range === undefined) continue;
    const low = lowestNode(range);
    if (compare(low, highest) > 0) highest = low;
  }
  return `>=${highest.join('.')}`;
}

/** The bare specifiers the built files import (static and dynamic), without Node's own modules. */
function bareImports(dir: string): Set<string> {
  const found = new Set<string>();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  for (const file of files) {
    const code = readFileSync(join(dir, file), 'utf8');
    for (const match of code.matchAll(
      // `from` after a brace or a space: not the word 'from' inside a string ('from', "from").
      /(?:(?<=[}\s])from\s*|\bimport\s*\(\s*|^\s*import\s*)["']([^"'./][^"']*)["']/gm,
    )) {
      const specifier = match[1] as string;
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const parts = specifier.split('/');
      found.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
    }
  }
  return found;
}

/** npm settings worth keeping from the environment (a CI mirror, a proxy, a CA); not pnpm's others. */
const NPM_SETTINGS = new Set([
  'registry',
  'cafile',
  'ca',
  'proxy',
  'https_proxy',
  'noproxy',
  'strict_ssl',
  'cache',
]);

/**
 * The environment for an `npm` child: `pnpm run` exports its own settings as `npm_config_*`, which
 * npm warns about or obeys (`recursive`, `frozen_lockfile`...). Those go, but for the ones above.
 * `node` is the one running this script first on the PATH: npm and the installed bin's
 * `#!/usr/bin/env node` use it.
 */
export function npmEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const lower = key.toLowerCase();
    if (lower.startsWith('npm_config_') && NPM_SETTINGS.has(lower.slice('npm_config_'.length))) {
      out[key] = value;
    } else if (!/^(npm|pnpm)_/.test(lower) && lower !== 'init_cwd') {
      out[key] = value;
    }
  }
  const path = Object.keys(out).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  out[path] = [dirname(process.execPath), out[path]].filter(Boolean).join(delimiter);
  return out;
}

function main(): void {
  if (!existsSync(join(dist, 'bin.js'))) {
    throw new Error('dist/bin.js is missing: run `pnpm --filter @siteseer/cli build` first');
  }
  const manifestPath = join(root, 'package.json');
  const own = readManifest(manifestPath);
  const dependencies = externalDependencies(manifestPath);

  const undeclared = [...bareImports(dist)].filter((name) => dependencies[name] === undefined);
  if (undeclared.length > 0) {
    throw new Error(`dist/ imports ${undeclared.join(', ')}, which the package would not install`);
  }

  const published = {
    name: own.name,
    version: own.version,
    description: own.description,
    type: 'module',
    bin: { siteseer: 'dist/bin.js' },
    files: ['dist'],
    engines: { node: nodeEngine(dependencies, manifestPath) },
    dependencies,
  };

  const stage = mkdtempSync(join(tmpdir(), 'siteseer-cli-pack-'));
  try {
    cpSync(dist, join(stage, 'dist'), { recursive: true, filter: (source) => !source.endsWith('.tgz') });
    cpSync(join(root, 'README.md'), join(stage, 'README.md'));
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
    const output = execFileSync('npm', ['pack', '--json', '--pack-destination', dist], {
      cwd: stage,
      env: npmEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [result] = JSON.parse(output) as [{ filename: string; entryCount: number; size: number }];
    process.stdout.write(
      `${join(dist, result.filename)} (${result.entryCount} files, ${Math.round(result.size / 1024)} KB)\n`,
    );
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
