/**
 * The example files of the keyword wizard, served with the portal from `apps/web/public/examples/`
 * (Vite copies `public/` into the build; the API serves the build). `example-files.test.ts` reads
 * each one with the same core rules the steps load files with.
 */
export const EXAMPLE_FILES = {
  resultRanking: 'examples/example-result-ranking.csv',
  synonymsCsv: 'examples/example-synonyms.csv',
  synonymsTxt: 'examples/example-synonyms.txt',
} as const;

/** The URL of an example file under the portal's base path. */
export function exampleFileUrl(path: (typeof EXAMPLE_FILES)[keyof typeof EXAMPLE_FILES]): string {
  return `${import.meta.env.BASE_URL}${path}`;
}
