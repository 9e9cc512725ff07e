import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The API's entry point, for suites and the bench that run it as a process of its own. */
export const API_MAIN = fileURLToPath(import.meta.resolve('@siteseer/api/main'));

/**
 * The bench borrows the API's dependencies (SheetJS, openid-client) instead of adding its own:
 * resolved from the API's package, so the versions are the ones the API runs.
 */
const fromApi = createRequire(import.meta.resolve('@siteseer/api/package.json'));

/** Imports `specifier` as the API's package resolves it. */
export async function importFromApi<T>(specifier: string): Promise<T> {
  return (await import(pathToFileURL(fromApi.resolve(specifier)).href)) as T;
}
