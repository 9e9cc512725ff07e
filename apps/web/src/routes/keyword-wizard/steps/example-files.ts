/**
 * The example files of the keyword wizard, served with the portal from `apps/web/public/examples/`
 * (Vite copies `public/` into the build; the API serves the build). `example-files.test.ts` reads
 * each one with the same core rules the steps load files with.
 */
export const EXAMPLE_FILES = {
  urlFilters: 'examples/example-url-filters.csv',
  resultRanking: 'examples/example-result-ranking.csv',
  synonymsCsv: 'examples/example-synonyms.csv',
  synonymsTxt: 'examples/example-synonyms.txt',
} as const;

type ExampleFile = (typeof EXAMPLE_FILES)[keyof typeof EXAMPLE_FILES];

/** The URL of an example file under the portal's base path. */
export function exampleFileUrl(path: ExampleFile): string {
  return `${import.meta.env.BASE_URL}${path}`;
}

/** The name an example file downloads as; its download button says it, as the current files' do. */
export function exampleFileName(path: ExampleFile): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
