import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const STYLES = new URL('./src/styles/widget.css', import.meta.url);

/**
 * The script injects its own styles, so the snippet stays one tag. Sites whose Content Security
 * Policy forbids inline styles turn injection off and link this copy instead.
 */
function emitStylesheet(): Plugin {
  return {
    name: 'siteseer-emit-stylesheet',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'siteseer-widget.css', source: readFileSync(STYLES, 'utf8') });
    },
  };
}

export default defineConfig({
  // Explicit, so the size test can build from the workspace root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [emitStylesheet()],
  build: {
    outDir: 'dist',
    minify: true,
    sourcemap: false,
    lib: {
      entry: 'src/index.ts',
      name: 'Siteseer',
      formats: ['iife'],
      fileName: () => 'siteseer-widget.js',
    },
  },
});
