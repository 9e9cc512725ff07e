import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { InputError } from '../../errors.ts';

/** The rendering defaults of a server (SITESEER_RENDER_PAGES, SITESEER_RENDER_TIMEOUT_SECONDS). */
export const RENDER_DEFAULTS = {
  /** Two pages at once: one Chromium tab per core of a small server. */
  pages: 2,
  timeoutMs: 15_000,
} as const;

/** What an engine's owner reads when the server cannot render pages (the wizard, a refused save). */
export const CHROMIUM_MISSING =
  'Chromium is not installed on this server, so pages cannot be rendered with JavaScript. Ask its operator to install it (Debian: apt install chromium).';

/**
 * The Chromium the crawler renders pages with, found once at start; or, when there is none, the
 * operator's reason (the start-up log line) beside the owner's (CHROMIUM_MISSING).
 */
export type ChromiumFound = { available: true; path: string } | { available: false; operatorReason: string };

/**
 * Finds Chromium: the file `setting` (SITESEER_CHROMIUM_PATH) names, else `chromium` in one of the
 * directories of `searchPath` (PATH), as Debian's package installs it. The file must be executable.
 */
export function findChromium(setting: string | undefined, searchPath: string): ChromiumFound {
  if (setting !== undefined) {
    return isExecutable(setting)
      ? { available: true, path: setting }
      : {
          available: false,
          operatorReason: `SITESEER_CHROMIUM_PATH names ${setting}, which is not an executable file`,
        };
  }
  for (const directory of searchPath.split(delimiter).filter((entry) => entry !== '')) {
    const candidate = join(directory, 'chromium');
    if (isExecutable(candidate)) return { available: true, path: candidate };
  }
  return { available: false, operatorReason: 'no chromium on PATH (set SITESEER_CHROMIUM_PATH to its file)' };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch (error) {
    if (['ENOENT', 'EACCES', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return false;
    throw error;
  }
}

/** The start-up log line about rendering, for the operator. */
export function renderingLine(chromium: ChromiumFound): string {
  return chromium.available
    ? `Chromium at ${chromium.path}: engines may render JavaScript`
    : `off: ${chromium.operatorReason}; engines cannot render JavaScript`;
}

/**
 * Refuses (400, with CHROMIUM_MISSING) a save that turns rendering on where the server has no
 * Chromium. A setting already on stays on (the other settings may still be saved): its pages are
 * then read without rendering, and the report says so.
 */
export function checkRenderingTurnedOn(chromium: ChromiumFound, wanted: boolean, before: boolean): void {
  if (wanted && !before && !chromium.available) {
    throw new InputError(CHROMIUM_MISSING, { field: 'renderJavaScript' });
  }
}
