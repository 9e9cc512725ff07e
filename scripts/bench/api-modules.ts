import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The bench borrows apps/api's dependencies (SheetJS, openid-client) instead of adding its own to
 * the root package: resolved from apps/api's package so the versions are the ones the API runs.
 */
const fromApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));

export async function importFromApi<T>(specifier: string): Promise<T> {
  return (await import(pathToFileURL(fromApi.resolve(specifier)).href)) as T;
}
