import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { themePropertiesFor, type WidgetModeName } from '@siteseer/widget/reference';
import { Code } from './code.tsx';

/** Every custom property `mode` reads: name, light and dark defaults, what it changes. */
export function PropertyTable({ mode, caption }: { mode: WidgetModeName; caption: string }) {
  return (
    <TableContainer>
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Property</TableCell>
            <TableCell scope="col">Default</TableCell>
            <TableCell scope="col">Dark default</TableCell>
            <TableCell scope="col">What it changes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {themePropertiesFor(mode).map(({ property, use }) => (
            <TableRow key={property.name}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <Code>{property.name}</Code>
              </TableCell>
              <TableCell>
                <Code>{property.light}</Code>
              </TableCell>
              <TableCell>{property.dark ? <Code>{property.dark}</Code> : 'the same'}</TableCell>
              <TableCell>{use}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
