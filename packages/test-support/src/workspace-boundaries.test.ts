import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const APPS = readdirSync(join(ROOT, 'apps'));
/** The apps' package names: only this package may depend on one (`@siteseer/api`'s exports). */
const APP_PACKAGES = APPS.map((app) => `@siteseer/${app}`);
const SKIPPED = new Set(['node_modules', 'dist', '.data', 'coverage']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Every module specifier of a file: static and dynamic imports, re-exports, and sources located with
 * `new URL('x.ts', import.meta.url)` (to spawn them). Built files are not sources: the API serves the
 * portal's `dist/` by design.
 */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bnew URL\(\s*['"]([^'"]+\.tsx?)['"]\s*,\s*import\.meta\.url/g,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The app folder (`apps/<name>`) a path lies in, if any. */
function appOf(path: string): string | undefined {
  const [top, name] = relative(ROOT, path).split(sep);
  return top === 'apps' ? name : undefined;
}

/** The imports of `file` that reach into another app, by relative path or by package name. */
function crossAppImports(file: string, source: string): string[] {
  const own = appOf(file);
  const inTestSupport = relative(ROOT, file).startsWith(join('packages', 'test-support'));
  return specifiers(source).filter((specifier) => {
    if (specifier.startsWith('.')) {
      const target = appOf(resolve(dirname(file), specifier));
      return target !== undefined && target !== own;
    }
    const name = specifier.split('/').slice(0, 2).join('/');
    return APP_PACKAGES.includes(name) && !inTestSupport && name !== `@siteseer/${own}`;
  });
}

describe('workspace boundaries', () => {
  it('given an app, a package or a script, then it imports no other app (test-support is the one way in)', () => {
    const files = ['apps', 'packages', 'scripts'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
    const crossing = files.flatMap((file) =>
      crossAppImports(file, readFileSync(file, 'utf8')).map((s) => `${relative(ROOT, file)}: ${s}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(crossing).toEqual([]);
  });

  it('given the imports that were there before, then each is caught', () => {
    const web = join(ROOT, 'apps/web/e2e/fixtures.ts');
    const bench = join(ROOT, 'scripts/bench/floor.ts');
    const cli = join(ROOT, 'apps/cli/test/login.integration.test.ts');
    expect(crossAppImports(web, "import type { Config } from '../../api/src/config.ts';")).toEqual([
      '../../api/src/config.ts',
    ]);
    expect(
      crossAppImports(bench, "import { openStore } from '../../apps/api/src/store/open-store.ts';"),
    ).toHaveLength(1);
    expect(crossAppImports(cli, "const { x } = await import('@siteseer/api/server');")).toHaveLength(1);
    expect(
      crossAppImports(cli, "const main = new URL('../../api/src/main.ts', import.meta.url);"),
    ).toHaveLength(1);
    expect(crossAppImports(cli, "import { run } from '../src/run.ts';")).toEqual([]);
    expect(
      crossAppImports(join(ROOT, 'packages/test-support/src/x.ts'), "import '@siteseer/api/config';"),
    ).toEqual([]);
  });
});
