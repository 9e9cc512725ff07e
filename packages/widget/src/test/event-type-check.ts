import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { ClientEventReference } from '../reference/client-events.ts';
import { SRC } from './source-facts.ts';

/*
 * Checks documented event detail types against events.ts with the TypeScript compiler: a file of
 * type assertions (each documented type equal, both ways assignable, to the real one) is compiled
 * with tsc, and every failing line is reported as the field it checks.
 */

const run = promisify(execFile);

/** A documented event list and the events.ts map it documents. */
export interface EventReferenceUnderCheck {
  map: 'ParametricEventMap' | 'KeywordEventMap';
  events: readonly ClientEventReference<string>[];
}

const union = (names: string[]) => names.map((name) => `'${name}'`).join(' | ') || 'never';

/** The assertion file's lines, each with what it checks. */
function assertions(references: EventReferenceUnderCheck[]): { line: string; what: string }[] {
  const lines: { line: string; what: string }[] = [
    {
      line: 'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
      what: 'helper',
    },
  ];
  let n = 0;
  for (const { map, events } of references) {
    n += 1;
    lines.push({
      line: `export const events${n}: Same<keyof ${map}, ${union(events.map((e) => e.name))}> = true;`,
      what: `${map}: the event names`,
    });
    for (const event of events) {
      n += 1;
      const detail = `D${n}`;
      lines.push({ line: `type ${detail} = ${map}['${event.name}'];`, what: `${map} ${event.name}` });
      lines.push({
        line: `export const keys${n}: Same<keyof ${detail}, ${union(event.detail.map((f) => f.name))}> = true;`,
        what: `${map} ${event.name}: the detail's field names`,
      });
      event.detail.forEach((field, index) => {
        const id = `${n}_${index}`;
        const actual = field.optional
          ? `Exclude<${detail}['${field.name}'], undefined>`
          : `${detail}['${field.name}']`;
        lines.push({
          line: `export const type${id}: Same<${actual}, ${field.type}> = true;`,
          what: `${map} ${event.name} detail.${field.name}: documented as ${field.type}`,
        });
        lines.push({
          line: `export const optional${id}: Same<{} extends Pick<${detail}, '${field.name}'> ? true : false, ${field.optional === true}> = true;`,
          what: `${map} ${event.name} detail.${field.name}: documented as ${field.optional ? 'optional' : 'always present'}`,
        });
      });
    }
  }
  return lines;
}

/**
 * Compiles the assertions; returns what disagrees (empty when the documentation matches the types).
 */
export async function eventTypeMismatches(references: EventReferenceUnderCheck[]): Promise<string[]> {
  const lines = assertions(references);
  const imports = `import type { KeywordEventMap, ParametricEventMap } from '${join(SRC, 'events.ts')}';`;
  const dir = await mkdtemp(join(tmpdir(), 'siteseer-reference-'));
  try {
    await writeFile(join(dir, 'check.ts'), [imports, ...lines.map((l) => l.line)].join('\n'));
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2023',
          lib: ['es2023', 'dom'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: [],
          paths: { '@siteseer/core': [join(SRC, '../../core/src/index.ts')] },
        },
        files: ['check.ts'],
      }),
    );
    // The package's exports hide bin/tsc; it sits next to its package.json.
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
    const output = await run(process.execPath, [tsc, '-p', dir, '--pretty', 'false']).then(
      (result) => result.stdout,
      // tsc exits non-zero when it reports errors: those are the answer.
      (error: { stdout?: string }) => {
        if (!error.stdout?.includes('error TS')) throw error;
        return error.stdout;
      },
    );
    const mismatches: string[] = [];
    for (const match of output.matchAll(/^(.*?)\((\d+),\d+\): error (.*)$/gm)) {
      const [, file, lineNumber, message] = match;
      // Line 1 is the import; assertion k is on line k + 2.
      const what = file?.endsWith('check.ts') ? lines[Number(lineNumber) - 2]?.what : undefined;
      mismatches.push(what ? `${what} (${message})` : `${file}(${lineNumber}): ${message}`);
    }
    if (mismatches.length === 0 && output.trim() !== '') mismatches.push(output.trim());
    return mismatches;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
