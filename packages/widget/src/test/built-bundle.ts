import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

export type BuiltFile = Rolldown.RolldownOutput['output'][number];

/** The widget built as `pnpm build` builds it (vite.config.ts), in memory: nothing is written. */
export async function buildInMemory(): Promise<BuiltFile[]> {
  const output = await build({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    logLevel: 'silent',
    build: { write: false },
  });
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((entry) => ('output' in entry ? entry.output : []));
}

/** The built script's code. */
export async function builtScript(): Promise<string> {
  const script = (await buildInMemory()).find((file) => file.fileName === 'siteseer-widget.js');
  if (script?.type !== 'chunk') throw new Error('no script chunk');
  return script.code;
}
