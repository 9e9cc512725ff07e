import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { AccountListRow, AccountSort, AccountSortKey } from '@siteseer/core';
import { MESSAGES } from '@siteseer/core';
import { Link as RouterLink } from 'react-router';

const COLUMNS: readonly { key: AccountSortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'products', label: 'Product Types' },
  { key: 'createdDate', label: 'Created Date' },
];

/**
 * The account list (spec 2.8): name (linking to the view page), Product Types, createdDate and the
 * edit and delete actions; sortable by the first three; 'No Accounts' when empty; Add Account in
 * the footer.
 */
export function AccountsTable({
  rows,
  sort,
  onSort,
  onEdit,
  onDelete,
  onAdd,
}: {
  rows: readonly AccountListRow[];
  sort: AccountSort;
  onSort: (sort: AccountSort) => void;
  onEdit: (row: AccountListRow) => void;
  onDelete: (row: AccountListRow) => void;
  onAdd: () => void;
}) {
  const sortBy = (key: AccountSortKey) =>
    onSort({ by: key, direction: sort.by === key && sort.direction === 'asc' ? 'desc' : 'asc' });
  return (
    <TableContainer>
      <Table aria-label="Accounts">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column.key}
                aria-sort={
                  sort.by === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                <TableSortLabel
                  active={sort.by === column.key}
                  direction={sort.by === column.key ? sort.direction : 'asc'}
                  onClick={() => sortBy(column.key)}
                >
                  {column.label}
                </TableSortLabel>
              </TableCell>
            ))}
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>{MESSAGES.noAccounts}</TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={`/admin/account/${encodeURIComponent(row.id)}/view`}>
                  {row.name}
                </Link>
              </TableCell>
              <TableCell>{row.productTypes}</TableCell>
              <TableCell>{row.createdDate}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => onEdit(row)}>
                    Edit
                  </Button>
                  <Button size="small" color="error" onClick={() => onDelete(row)}>
                    Delete
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={4}>
              <Button variant="contained" onClick={onAdd}>
                Add Account
              </Button>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
