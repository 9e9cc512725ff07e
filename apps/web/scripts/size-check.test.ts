import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeInitialJavaScript,
  INITIAL_JS_BUDGET_BYTES,
  initialScripts,
  kilobytes,
  measureInitialJavaScript,
  WEB_DIST,
} from './size-check.ts';

const built = existsSync(join(WEB_DIST, 'index.html'));
// CI builds before it tests (`pnpm check`), so there a missing build is an error, not a skip.
if (!built && process.env.CI) {
  throw new Error(`The portal is not built at ${WEB_DIST}: CI runs 'pnpm build' before 'pnpm test'.`);
}
if (!built) {
  console.warn(
    `Initial JavaScript size check skipped: no build at ${WEB_DIST} (run 'pnpm --filter @siteseer/web build').`,
  );
}

describe('measuring the initial JavaScript', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  /** A dist folder with the given files (path relative to it → content). */
  async function dist(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'siteseer-size-'));
    dirs.push(dir);
    for (const [path, content] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    return dir;
  }

  it('Given index.html, when its scripts are listed, then the module entry and modulepreload links count, other tags do not', () => {
    const html = `<head>
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b.js">
      <link rel="stylesheet" href="/assets/index-c.css">
      <link rel="preload" href="/assets/font.woff2" as="font">
      <script>window.inline = true</script>
    </head>`;
    expect(initialScripts(html)).toEqual(['/assets/index-a.js', '/assets/react-b.js']);
  });

  it('Given an entry with preloaded and static imports and a lazy screen, when measured, then every initial chunk counts once gzipped and the lazy one does not', async () => {
    const entry = 'import{a}from"./shared-1.js";import"./side-2.js";const s=()=>import("./screen-3.js");';
    const shared = `export const a=${JSON.stringify('x'.repeat(5000))};`;
    const side = 'import{a}from"./shared-1.js";console.log(a);';
    const dir = await dist({
      'index.html':
        '<script type="module" src="/assets/entry-0.js"></script><link rel="modulepreload" href="/assets/shared-1.js">',
      'assets/entry-0.js': entry,
      'assets/shared-1.js': shared,
      'assets/side-2.js': side,
      'assets/screen-3.js': `export default ${JSON.stringify('lazy'.repeat(1000))};`,
    });
    const measured = measureInitialJavaScript(dir);
    expect(measured.files.map((f) => f.file).sort()).toEqual([
      join('assets', 'entry-0.js'),
      join('assets', 'shared-1.js'),
      join('assets', 'side-2.js'),
    ]);
    const gz = (code: string) => gzipSync(code).byteLength;
    expect(measured.totalGzipBytes).toBe(gz(entry) + gz(shared) + gz(side));
  });

  it('Given sizes in bytes, when described, then kB are 1,000 bytes, as Vite prints them, and the budget is 250 of them', () => {
    expect(INITIAL_JS_BUDGET_BYTES).toBe(250_000);
    expect(kilobytes(252_200)).toBe('252.2');
    expect(
      describeInitialJavaScript({ files: [{ file: 'a.js', gzipBytes: 250_001 }], totalGzipBytes: 250_001 }),
    ).toBe('initial JavaScript: 250.0 kB gzipped in 1 files (budget 250.0 kB)');
  });

  it('Given index.html naming a missing chunk, when measured, then it fails rather than counting nothing', async () => {
    const dir = await dist({ 'index.html': '<script type="module" src="/assets/gone.js"></script>' });
    expect(() => measureInitialJavaScript(dir)).toThrow(/gone\.js/);
  });
});

describe.runIf(built)('the built portal', () => {
  it('Given the build in dist, when its initial JavaScript is gzipped, then it is at most 250 kB (1,000 bytes each)', () => {
    const measured = measureInitialJavaScript(WEB_DIST);
    console.log(describeInitialJavaScript(measured));
    expect(measured.files.length).toBeGreaterThan(0);
    expect(measured.totalGzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });
});
