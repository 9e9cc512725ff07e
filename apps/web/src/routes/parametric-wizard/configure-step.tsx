import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ApplicationSettings, FilterFormat } from '@siteseer/core';
import { FILTER_FORMATS } from '@siteseer/core';

const SWITCHES: { key: Exclude<keyof ApplicationSettings, 'filterFormat'>; label: string }[] = [
  { key: 'allowDownload', label: 'Allow download of results' },
  { key: 'allowEmptyFilterValues', label: 'Allow empty filter values' },
  { key: 'autoApplyFilters', label: 'Apply filters automatically' },
  { key: 'showSearchBar', label: 'Show search bar' },
];

/** Step 3 'Configure': the search engine's application settings (only with PM_WIZARD_SE_CONFIG). */
export function ConfigureStep({
  settings,
  onChange,
}: {
  settings: ApplicationSettings;
  onChange: (settings: ApplicationSettings) => void;
}) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <TextField
        select
        label="Filter format"
        value={settings.filterFormat}
        onChange={(event) => onChange({ ...settings, filterFormat: event.target.value as FilterFormat })}
      >
        {FILTER_FORMATS.map((format) => (
          <MenuItem key={format} value={format}>
            {format === 'list' ? 'List' : 'Dialog'}
          </MenuItem>
        ))}
      </TextField>
      {SWITCHES.map(({ key, label }) => (
        <FormControlLabel
          key={key}
          control={
            <Switch
              checked={settings[key]}
              onChange={(event) => onChange({ ...settings, [key]: event.target.checked })}
            />
          }
          label={label}
        />
      ))}
    </Stack>
  );
}
