import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  activeFilters,
  type ConfigurationErrors,
  type Filter,
  type ParametricConfiguration,
} from '@siteseer/core';
import { useMoveFocus } from '../../shell/use-move-focus.ts';
import { labelText, moveFilter, updateFilter } from './configuration-edit.ts';

/** The filters of the filterable columns: label, type and order. */
export function FiltersTable({
  config,
  errors,
  onChange,
}: {
  config: ParametricConfiguration;
  errors: ConfigurationErrors;
  onChange: (config: ParametricConfiguration) => void;
}) {
  const moveFocus = useMoveFocus();
  const filters = activeFilters(config);
  if (filters.length === 0)
    return <Typography>No column is filterable. Tick Filter on a column to add one.</Typography>;
  return (
    <Table size="small" aria-label="Filters">
      <TableHead>
        <TableRow>
          <TableCell>Order</TableCell>
          <TableCell>Label</TableCell>
          <TableCell>Type</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {filters.map((filter, index) => {
          const name = labelText(filter.label) || filter.id;
          return (
            <TableRow key={filter.id}>
              <TableCell>
                <Stack direction="row">
                  <IconButton
                    size="small"
                    ref={moveFocus.buttonRef(filter.id, 'up')}
                    aria-label={`Move filter ${name} up`}
                    disabled={index === 0}
                    onClick={() => {
                      moveFocus.moved(filter.id, 'up');
                      onChange(moveFilter(config, filter.id, -1));
                    }}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    ref={moveFocus.buttonRef(filter.id, 'down')}
                    aria-label={`Move filter ${name} down`}
                    disabled={index === filters.length - 1}
                    onClick={() => {
                      moveFocus.moved(filter.id, 'down');
                      onChange(moveFilter(config, filter.id, 1));
                    }}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </Stack>
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  label={`Filter ${index + 1} label`}
                  value={labelText(filter.label)}
                  error={!!errors.filters[filter.id]?.label}
                  helperText={errors.filters[filter.id]?.label}
                  onChange={(event) =>
                    onChange(updateFilter(config, filter.id, { label: event.target.value }))
                  }
                />
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  label={`Filter type of ${name}`}
                  value={filter.type}
                  onChange={(event) =>
                    onChange(updateFilter(config, filter.id, { type: event.target.value as Filter['type'] }))
                  }
                  sx={{ minWidth: 140 }}
                >
                  <MenuItem value="default">Default</MenuItem>
                  <MenuItem value="list">List</MenuItem>
                </TextField>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
