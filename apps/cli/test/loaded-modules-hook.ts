// Preloaded into a CLI run (`node --import`) by a test: writes the URL of every module the run
// loaded, one a line, to the file LOADED_MODULES_FILE names, when the process exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.LOADED_MODULES_FILE;
const urls: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    urls.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  if (file) writeFileSync(file, `${urls.join('\n')}\n`);
});
