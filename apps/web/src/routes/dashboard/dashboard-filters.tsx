import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Account, DashboardQueryOptions, ProductCode, SortBy } from '@siteseer/core';
import { PRODUCT_LABELS, SORT_OPTIONS } from '@siteseer/core';

const ALL = 'all';

/**
 * The dashboard's filters: engine type, sort, order, and the account (only with more than one
 * account, with 'All Accounts'); one a row on a phone.
 */
export function DashboardFilters({
  options,
  accounts,
  onChange,
}: {
  options: DashboardQueryOptions;
  accounts: readonly Pick<Account, 'id' | 'name'>[];
  onChange: (change: Partial<DashboardQueryOptions>) => void;
}) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        select
        label="Search Engine Type"
        value={options.selectedProductType ?? ALL}
        onChange={(event) =>
          onChange({
            selectedProductType: event.target.value === ALL ? null : (event.target.value as ProductCode),
          })
        }
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        <MenuItem value={ALL}>All</MenuItem>
        <MenuItem value="pm">{PRODUCT_LABELS.pm}</MenuItem>
        <MenuItem value="kw">{PRODUCT_LABELS.kw}</MenuItem>
      </TextField>
      <TextField
        select
        label="Sort By"
        value={options.sortBy}
        onChange={(event) => onChange({ sortBy: event.target.value as SortBy })}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {SORT_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Order"
        value={options.ascending ? 'ascending' : 'descending'}
        onChange={(event) => onChange({ ascending: event.target.value === 'ascending' })}
        sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        <MenuItem value="ascending">Ascending</MenuItem>
        <MenuItem value="descending">Descending</MenuItem>
      </TextField>
      {accounts.length > 1 && (
        <TextField
          select
          label="Account"
          value={options.selectedAccountId ?? ALL}
          onChange={(event) =>
            onChange({ selectedAccountId: event.target.value === ALL ? null : event.target.value })
          }
          sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          <MenuItem value={ALL}>All Accounts</MenuItem>
          {accounts.map((account) => (
            <MenuItem key={account.id} value={account.id}>
              {account.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
