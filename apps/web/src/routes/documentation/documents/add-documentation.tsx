import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CopyBlock } from '../../install/copy-block.tsx';
import { Code } from '../parts/code.tsx';
import { DocSection } from '../parts/doc-section.tsx';

const PLACES: readonly { path: string; what: ReactNode }[] = [
  {
    path: 'packages/core/src/access/documentation.ts',
    what: 'The groups and documents (ids, titles, order) and who sees them: the administration group is for super admins only, and a document outside the groups one sees is refused like an unknown one.',
  },
  {
    path: 'apps/web/src/routes/documentation/documents/',
    what: 'The content: one React component per document, registered by group and id in document-pages.tsx with the summary the index shows.',
  },
  {
    path: 'packages/widget/src/reference/',
    what: (
      <>
        Facts about the widget (custom properties and their defaults, client events and their detail fields,
        the keyword widget's parts), imported by the pages as <Code>@siteseer/widget/reference</Code>.
      </>
    ),
  },
  {
    path: 'packages/widget/src/reference/reference.test.ts',
    what: "Fails when those facts and the widget's source disagree: defaults read from styles/theme.css, the properties each mode's CSS rules read, the events each mode emits (and which are cancelable), and every detail field's type compiled with tsc against events.ts.",
  },
  {
    path: 'packages/widget/src/reference/keyword-parts.test.ts',
    what: 'Mounts the keyword widget, searches and opens its suggestions, and fails when its elements, classes or nesting differ from the documented parts.',
  },
  {
    path: 'apps/web/e2e/documentation.e2e.test.ts',
    what: 'Opens every document in Chromium against the real API, checks the live examples and runs axe in both schemes.',
  },
];

const RUN = `pnpm vitest run packages/widget/src/reference apps/web/src/routes/documentation
pnpm --filter @siteseer/widget build && pnpm --filter @siteseer/web build
pnpm --filter @siteseer/web test:e2e documentation`;

/** Add Documentation (administration): where the documentation lives and how it stays true. */
export function AddDocumentation() {
  return (
    <Stack spacing={4}>
      <Typography>
        The documentation is part of the portal's source, reviewed and released with it. Pages about the
        widget show facts taken from the widget's own package, and tests fail when those facts and the
        widget's code disagree, so the pages cannot drift from what customers embed.
      </Typography>

      <DocSection title="Where it lives">
        <TableContainer>
          <Table size="small">
            <caption>Files of the in-app documentation</caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Path</TableCell>
                <TableCell scope="col">What it holds</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {PLACES.map((place) => (
                <TableRow key={place.path}>
                  <TableCell component="th" scope="row">
                    <Code>{place.path}</Code>
                  </TableCell>
                  <TableCell>{place.what}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </DocSection>

      <DocSection title="Adding a document">
        <Box component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 1 } }}>
          <li>
            Add its id (kebab case) and title to its group in <Code>DOCUMENTATION_GROUPS</Code>; a new group
            is a new entry with its own id, title and documents. It appears on the index and at{' '}
            <Code>
              /documentation/{'{group}'}/{'{docId}'}
            </Code>
            .
          </li>
          <li>
            Write its content as a React component in <Code>documents/</Code> and register it in{' '}
            <Code>documents/document-pages.tsx</Code>. Text is JSX and code samples are strings shown as text
            (in a copy block); no HTML strings and no markdown rendered to HTML. A test fails while a listed
            document has no content.
          </li>
          <li>
            Put facts about the widget in its reference, with a check in its test, rather than in the page:
            then the next change of the widget that makes them false fails the build.
          </li>
          <li>Run the tests below; the end-to-end test also runs axe on every document.</li>
        </Box>
        <CopyBlock label="Tests to run" hint="From the workspace root." code={RUN} />
      </DocSection>

      <DocSection title="When the widget changes">
        <Typography>
          A change to the widget's styles, events or markup that the reference does not describe fails{' '}
          <Code>reference.test.ts</Code> or <Code>keyword-parts.test.ts</Code>, naming what disagrees (for
          example <Code>KeywordEventMap siteseer:click detail.position: documented as string</Code>). Correct
          the reference in the same change: the documentation pages follow, and customers read what the widget
          now does.
        </Typography>
      </DocSection>
    </Stack>
  );
}
