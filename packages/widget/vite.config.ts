import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const STYLES = ['theme.css', 'widget.css', 'keyword.css'].map(
  (name) => new URL(`./src/styles/${name}`, import.meta.url),
);

/**
 * The script injects its own styles, so the snippet stays one tag. Sites whose Content Security
 * Policy forbids inline styles turn injection off and link this copy instead.
 */
function emitStylesheet(): Plugin {
  return {
    name: 'siteseer-emit-stylesheet',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'siteseer-widget.css',
        source: STYLES.map((file) => readFileSync(file, 'utf8')).join('\n'),
      });
    },
  };
}

/**
 * Escapes non-ASCII characters (…, ↕) in the script. A customer may serve the file without a
 * charset on a page that is not UTF-8; the browser would then decode it with the page's encoding.
 */
function asciiOnly(): Plugin {
  return {
    name: 'siteseer-ascii-only',
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        file.code = file.code.replace(
          /[\u0080-\uffff]/g,
          (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
        );
      }
    },
  };
}

export default defineConfig({
  // Explicit, so the size test can build from the workspace root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [emitStylesheet(), asciiOnly()],
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
