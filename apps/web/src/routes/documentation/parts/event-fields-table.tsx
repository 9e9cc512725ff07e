import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ClientEventReference } from '@siteseer/widget/reference';
import { Code } from './code.tsx';

/** The fields of an event's `detail`: name, TypeScript type, meaning. */
export function EventFieldsTable({ event }: { event: ClientEventReference<string> }) {
  return (
    <TableContainer>
      <Table size="small">
        <caption>
          Fields of <Code>event.detail</Code> for <Code>{event.name}</Code>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Field</TableCell>
            <TableCell scope="col">Type</TableCell>
            <TableCell scope="col">Meaning</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {event.detail.map((field) => (
            <TableRow key={field.name}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <Code>{field.name}</Code>
                {field.optional ? ' (optional)' : null}
              </TableCell>
              <TableCell>
                <Code>{field.type}</Code>
              </TableCell>
              <TableCell>{field.description}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
