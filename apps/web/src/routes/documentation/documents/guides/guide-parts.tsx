import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** Numbered steps of a guide, one child element per step. */
export function Steps({ children }: { children: ReactNode }) {
  return (
    <Box component="ol" sx={{ pl: 3, my: 0, '& > li': { mb: 1 } }}>
      {children}
    </Box>
  );
}

/** A bulleted list of facts. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 0, '& > li': { mb: 1 } }}>
      {children}
    </Box>
  );
}

/**
 * A table of a guide: a caption that names it, column headers, and rows whose first cell heads the
 * row (the example, the status, the command). A table of three or more columns keeps a readable
 * width on a phone and scrolls sideways in a region the keyboard can reach.
 */
export function GuideTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <TableContainer role="region" aria-label={caption} tabIndex={0}>
      <Table
        size="small"
        sx={{
          minWidth: columns.length > 2 ? 640 : undefined,
          '& td, & th': { verticalAlign: 'top' },
          '& caption': { captionSide: 'top', px: 0, typography: 'subtitle2' },
        }}
      >
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional columns
                  <TableCell key={index} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional columns
                  <TableCell key={index}>{cell}</TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The portal's own origin: the API, the OpenAPI document and the CLI's server are served there. */
export function portalOrigin(): string {
  return window.location.origin;
}
