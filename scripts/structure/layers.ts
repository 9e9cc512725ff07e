/**
 * `pnpm lint:layers`: cruises the workspace with dependency-cruiser (.dependency-cruiser.cjs) and
 * fails on a violation that is not in the known-violations baseline, or on a baseline entry that no
 * longer occurs (the baseline only shrinks). `--baseline` rewrites the baseline instead
 * (`pnpm lint:layers:baseline`).
 *
 * A wrapper rather than `depcruise --ignore-known`: dependency-cruiser 18 writes folder-level
 * violations (our folder cycles) to the baseline but does not ignore them when reading it back.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = './.dependency-cruiser.cjs';
const BASELINE = '.dependency-cruiser-known-violations.json';
const SOURCES = ['apps', 'packages', 'scripts'];

/** The same violation in two cruises: same rule, same ends, and for a cycle the same members. */
function sameViolation(left: IViolation, right: IViolation): boolean {
  if (left.rule.name !== right.rule.name) return false;
  if (left.cycle && right.cycle) {
    const members = new Set(right.cycle.map((step) => step.name));
    return left.cycle.length === right.cycle.length && left.cycle.every((step) => members.has(step.name));
  }
  return left.from === right.from && left.to === right.to;
}

/**
 * A violation as the baseline keeps it: dependency-cruiser's known-violation shape, without the
 * details that change with unrelated edits (dependency types, unresolved specifiers).
 */
function baselineEntry({ type, from, to, rule, cycle }: IViolation): IViolation {
  return {
    type,
    from,
    to,
    rule,
    ...(cycle ? { cycle: cycle.map(({ name }) => ({ name, dependencyTypes: [] })) } : {}),
  };
}

/** How one violation reads in the log: its rule and its path. */
function describe(violation: IViolation): string {
  const path = violation.cycle
    ? [violation.from, ...violation.cycle.map((step) => step.name)]
    : [violation.from, violation.to];
  return `${violation.rule.name}: ${path.join(' → ')}`;
}

async function cruiseWorkspace(): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const reported = await cruise(SOURCES, options);
  if (typeof reported.output === 'string') throw new Error('dependency-cruiser returned text, not a result');
  return reported.output;
}

/** Counts of violations per rule name, for the summary line. */
function perRule(violations: IViolation[]): string {
  const counts = new Map<string, number>();
  for (const violation of violations)
    counts.set(violation.rule.name, (counts.get(violation.rule.name) ?? 0) + 1);
  return [...counts].map(([rule, count]) => `${rule} ${count}`).join(', ');
}

async function main(): Promise<void> {
  process.chdir(ROOT);
  const result = await cruiseWorkspace();
  const violations = result.summary.violations;
  if (process.argv.includes('--baseline')) {
    await writeFile(BASELINE, `${JSON.stringify(violations.map(baselineEntry), null, 2)}\n`);
    console.log(
      `Layers: baseline rewritten with ${violations.length} known violations (${perRule(violations)}).`,
    );
    return;
  }
  const known = JSON.parse(await readFile(BASELINE, 'utf8')) as IViolation[];
  const added = violations.filter((violation) => !known.some((entry) => sameViolation(entry, violation)));
  const stale = known.filter((entry) => !violations.some((violation) => sameViolation(entry, violation)));
  for (const violation of added) console.error(`new violation, ${describe(violation)}`);
  for (const entry of stale)
    console.error(
      `gone from the code, still in ${BASELINE} (run pnpm lint:layers:baseline): ${describe(entry)}`,
    );
  const { totalCruised, totalDependenciesCruised } = result.summary;
  const scope = `${totalCruised} modules, ${totalDependenciesCruised} dependencies`;
  if (added.length > 0 || stale.length > 0) {
    console.error(
      `Layers: ${added.length} new violations, ${stale.length} stale baseline entries (${scope}).`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`Layers: no new violation (${scope}; ${known.length} known: ${perRule(known)}).`);
}

await main();
