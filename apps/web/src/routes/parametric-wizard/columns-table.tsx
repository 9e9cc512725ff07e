import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { ColumnType, ConfigurationErrors, ParametricConfiguration, Row } from '@siteseer/core';
import {
  COLUMN_TYPE_LABELS,
  COLUMN_TYPES,
  canColumnFilter,
  canRangeFilter,
  canTypeSort,
} from '@siteseer/core';
import { useMoveFocus } from '../../shell/use-move-focus.ts';
import { labelText, moveColumn, orderedColumns, updateColumn, updateFilter } from './configuration-edit.ts';

/**
 * The results columns: enabled, label, type, filtering, sorting, range filter and order, with core's
 * column rules applied after every change (a disabled column cannot filter; image and hyperlink
 * cannot filter; image cannot sort; range filters need a numeric, filterable column).
 */
export function ColumnsTable({
  config,
  rows,
  errors,
  onChange,
}: {
  config: ParametricConfiguration;
  rows: readonly Row[];
  errors: ConfigurationErrors;
  onChange: (config: ParametricConfiguration) => void;
}) {
  const moveFocus = useMoveFocus();
  const columns = orderedColumns(config);
  const sample = rows[0];
  return (
    <TableContainer>
      <Table size="small" aria-label="Columns">
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>Enabled</TableCell>
            <TableCell>Label</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Filter</TableCell>
            <TableCell>Sort</TableCell>
            <TableCell>Range filter</TableCell>
            <TableCell>Example</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column, index) => {
            const name = labelText(column.label) || column.id;
            const filter = config.filters[column.id];
            return (
              <TableRow key={column.id}>
                <TableCell>
                  <Stack direction="row">
                    <IconButton
                      size="small"
                      ref={moveFocus.buttonRef(column.id, 'up')}
                      aria-label={`Move ${name} up`}
                      disabled={index === 0}
                      onClick={() => {
                        moveFocus.moved(column.id, 'up');
                        onChange(moveColumn(config, column.id, -1));
                      }}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      ref={moveFocus.buttonRef(column.id, 'down')}
                      aria-label={`Move ${name} down`}
                      disabled={index === columns.length - 1}
                      onClick={() => {
                        moveFocus.moved(column.id, 'down');
                        onChange(moveColumn(config, column.id, 1));
                      }}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </Stack>
                </TableCell>
                <TableCell>
                  <Switch
                    checked={column.enabled}
                    slotProps={{ input: { 'aria-label': `Enable ${name}` } }}
                    onChange={(event) =>
                      onChange(updateColumn(config, column.id, { enabled: event.target.checked }))
                    }
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    label={`Column ${index + 1} label`}
                    value={labelText(column.label)}
                    error={!!errors.columns[column.id]?.label}
                    helperText={errors.columns[column.id]?.label}
                    onChange={(event) =>
                      onChange(updateColumn(config, column.id, { label: event.target.value }))
                    }
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    label={`Type of ${name}`}
                    value={column.type}
                    onChange={(event) =>
                      onChange(updateColumn(config, column.id, { type: event.target.value as ColumnType }))
                    }
                    sx={{ minWidth: 140 }}
                  >
                    {COLUMN_TYPES.map((type) => (
                      <MenuItem key={type} value={type}>
                        {COLUMN_TYPE_LABELS[type]}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <Checkbox
                    checked={column.supports.filtering}
                    disabled={!canColumnFilter(column)}
                    slotProps={{ input: { 'aria-label': `Filter by ${name}` } }}
                    onChange={(event) =>
                      onChange(
                        updateColumn(config, column.id, { supports: { filtering: event.target.checked } }),
                      )
                    }
                  />
                </TableCell>
                <TableCell>
                  <Checkbox
                    checked={column.supports.sorting}
                    disabled={!canTypeSort(column.type)}
                    slotProps={{ input: { 'aria-label': `Sort by ${name}` } }}
                    onChange={(event) =>
                      onChange(
                        updateColumn(config, column.id, { supports: { sorting: event.target.checked } }),
                      )
                    }
                  />
                </TableCell>
                <TableCell>
                  <Checkbox
                    checked={filter?.supports.rangeFilter ?? false}
                    disabled={!filter || !canRangeFilter(column)}
                    slotProps={{ input: { 'aria-label': `Range filter on ${name}` } }}
                    onChange={(event) =>
                      onChange(updateFilter(config, column.id, { rangeFilter: event.target.checked }))
                    }
                  />
                </TableCell>
                <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>
                  {sample ? String(sample[column.id] ?? '') : ''}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
