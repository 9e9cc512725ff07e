/**
 * `pnpm lint:catches`: fails when an app or package source swallows an error (an empty `catch`, or a
 * `.catch(…)` handler that neither rethrows, nor logs, nor uses the error) at a place the allow-list
 * (swallowed-errors.json, beside this file) does not name with a reason, or when an entry of that
 * list names no place any more. Tests are not checked: a test that expects a failure may drop it.
 */
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AllowEntry, findSwallowed, judge } from './swallowed.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ALLOW_LIST = 'scripts/structure/swallowed-errors.json';
const SOURCES = ['apps/*/src/**/*.{ts,tsx,mts}', 'packages/*/src/**/*.{ts,tsx,mts}'];
const NOT_SOURCES = /(^|\/)(node_modules|dist|test|e2e)\/|\.test\.tsx?$|\.d\.ts$/;

/** The allow-list, checked: each entry names a file, a place in it and a reason. */
function readAllowList(): AllowEntry[] {
  const entries = JSON.parse(readFileSync(`${ROOT}${ALLOW_LIST}`, 'utf8')) as AllowEntry[];
  for (const entry of entries) {
    const named = typeof entry.inside === 'string' || typeof entry.snippet === 'string';
    if (
      typeof entry.file !== 'string' ||
      !named ||
      typeof entry.why !== 'string' ||
      entry.why.trim() === ''
    ) {
      throw new Error(
        `${ALLOW_LIST}: an entry needs file, inside or snippet, and why: ${JSON.stringify(entry)}`,
      );
    }
  }
  return entries;
}

function main(): void {
  const files = globSync(SOURCES, { cwd: ROOT })
    .filter((file) => !NOT_SOURCES.test(file))
    .sort();
  const found = files.flatMap((file) => findSwallowed(file, readFileSync(`${ROOT}${file}`, 'utf8')));
  const { unlisted, stale, allowed } = judge(found, readAllowList());
  for (const place of unlisted) {
    console.error(
      `${place.file}:${place.line}: error swallowed (${place.kind} in ${place.inside}): rethrow it, log it, ` +
        `handle a named case, or list it in ${ALLOW_LIST} with why`,
    );
  }
  for (const entry of stale)
    console.error(`${ALLOW_LIST}: stale entry, no such place: ${JSON.stringify(entry)}`);
  if (unlisted.length > 0 || stale.length > 0) {
    console.error(`Catches: ${unlisted.length} swallowed errors not allowed, ${stale.length} stale entries.`);
    process.exitCode = 1;
    return;
  }
  console.log(`Catches: no swallowed error (${files.length} files; ${allowed} allowed places).`);
}

main();
