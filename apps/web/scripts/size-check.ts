import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** A kB: 1,000 bytes, the unit Vite prints for each chunk (and the stricter reading of the budget). */
const KB = 1000;

/**
 * The portal's initial JavaScript budget: what the browser must fetch before the first screen,
 * gzipped, at most 250 kB of 1,000 bytes. Counting in 1,024-byte KB would let 6 kB more through
 * than the figures Vite prints say.
 */
export const INITIAL_JS_BUDGET_BYTES = 250 * KB;

/** The built portal (`pnpm --filter @siteseer/web build`). */
export const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export interface InitialJavaScript {
  /** Each initial file, relative to dist, with its gzipped size. */
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
}

/** The value of `name` in one HTML tag's attributes (quoted or bare). */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The site paths of index.html's module entry scripts and modulepreload'ed chunks. */
export function initialScripts(html: string): string[] {
  const paths: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') paths.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    if (href && rel.includes('modulepreload')) paths.push(href);
  }
  return paths;
}

/** The relative modules a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`); not `import()`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (m) => m[1] as string,
  );
}

/**
 * The JavaScript a first visit loads: the entry scripts of `index.html`, its modulepreload'ed chunks
 * and (should preloading ever be turned off) whatever those import statically, each gzipped.
 * Lazily loaded screens (`import()`) are not counted.
 */
export function measureInitialJavaScript(distDir: string): InitialJavaScript {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const pending = initialScripts(html).map((src) =>
    join(distDir, new URL(src, 'http://portal.invalid/').pathname),
  );
  const seen = new Set<string>();
  const files: InitialJavaScript['files'] = [];
  while (pending.length > 0) {
    const path = resolve(pending.shift() as string);
    if (seen.has(path)) continue;
    seen.add(path);
    if (!existsSync(path))
      throw new Error(`index.html loads ${relative(distDir, path)}, which is not in dist`);
    const code = readFileSync(path);
    files.push({ file: relative(distDir, path), gzipBytes: gzipSync(code).byteLength });
    pending.push(...staticImports(code.toString('utf8')).map((spec) => join(dirname(path), spec)));
  }
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/** A size in kB (1,000 bytes) with one decimal, e.g. '187.2'. */
export function kilobytes(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

/** One line for logs: 'initial JavaScript: 187.2 kB gzipped in 14 files (budget 250.0 kB)'. */
export function describeInitialJavaScript(measured: InitialJavaScript): string {
  return `initial JavaScript: ${kilobytes(measured.totalGzipBytes)} kB gzipped in ${measured.files.length} files (budget ${kilobytes(INITIAL_JS_BUDGET_BYTES)} kB)`;
}

// `node apps/web/scripts/size-check.ts` (after a build): prints the figure, fails over budget.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    console.error(`No build at ${WEB_DIST}: run 'pnpm --filter @siteseer/web build' first.`);
    process.exit(1);
  }
  const measured = measureInitialJavaScript(WEB_DIST);
  for (const { file, gzipBytes } of measured.files)
    console.log(`${kilobytes(gzipBytes).padStart(7)} kB  ${file}`);
  console.log(describeInitialJavaScript(measured));
  if (measured.totalGzipBytes > INITIAL_JS_BUDGET_BYTES) {
    console.error('Over budget.');
    process.exit(1);
  }
}
