// `pnpm --filter @siteseer/cli build`: the CLI as plain JavaScript ESM in `dist/`, for Node.
//
// - `src/bin.js` becomes `dist/bin.js`; every dynamic `import()` stays a separate chunk in
//   `dist/chunks/`, so `siteseer --version` still loads only `bin.js` and the version chunk.
// - `@siteseer/core` (a workspace package, never published) is bundled in.
// - The real npm dependencies stay external: npm installs them with the package (`scripts/pack.ts`
//   writes the published manifest and checks that every bare import of `dist/` is declared there).
//
// Vite is the workspace's (root `node_modules/.bin/vite`), not a dependency of this package, so this
// file imports nothing from it: a plain config object.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const manifestPath = fileURLToPath(new URL('./package.json', import.meta.url));
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};

/** Bundled in: workspace packages (`workspace:` specifiers). */
const inlined = Object.entries(manifest.dependencies)
  .filter(([, spec]) => spec.startsWith('workspace:'))
  .map(([name]) => name);

/** Node's modules, and every bare specifier that is not a workspace package (npm installs those). */
function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtinModules.includes(id)) return true;
  if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0')) return false;
  return !inlined.some((name) => id === name || id.startsWith(`${name}/`));
}

/** `src/version.ts` imports package.json for its version: bundle the version, not the manifest. */
const versionOnly = {
  name: 'siteseer-version-only',
  enforce: 'pre',
  load(id: string) {
    if (id.split('?')[0] !== manifestPath) return null;
    return JSON.stringify({ version: manifest.version });
  },
};

export default {
  root,
  publicDir: false,
  logLevel: 'warn',
  plugins: [versionOnly],
  ssr: { target: 'node', noExternal: inlined },
  build: {
    ssr: 'src/bin.js',
    outDir: 'dist',
    emptyOutDir: true,
    // commander 15 needs Node >= 22.12 (the `engines` of the packed manifest).
    target: 'node22.12',
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      external: isExternal,
      output: {
        format: 'esm',
        entryFileNames: 'bin.js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
};
