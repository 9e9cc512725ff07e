// The runtime's page reads live in repositories/keyword/pages.ts. The page-text modules and the
// snippets import these names by this path.
export { type PageRow, type PageText, readPageTexts } from '../../repositories/keyword/pages.ts';
