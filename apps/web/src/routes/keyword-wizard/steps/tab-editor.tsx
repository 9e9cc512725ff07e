import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type FieldErrors,
  saveTab,
  TAB_ICONS,
  type Tab,
  type TabIcon as TabIconName,
  updateTab,
  validateTab,
} from '@siteseer/core';
import { useState } from 'react';
import { TabIcon } from './tab-icons.tsx';

/**
 * The tab editor: in add mode a new tab (a name that exists is updated rather than duplicated, and
 * a ninth tab is refused), in edit mode the clicked tab with Update Tab, Cancel and Delete Tab.
 * The category is one of the engine's categories, or typed: the search runtime reads a category
 * holding '/' or '*' as a URL pattern, which is how a site without custom tags gets tabs.
 */
export function TabEditor({
  tabs,
  editing,
  categories,
  onSave,
  onCancel,
  onDelete,
  focusOnOpen = false,
}: {
  tabs: Tab[];
  editing: Tab | undefined;
  categories: string[];
  /** The new tab list and the tab saved. */
  onSave: (tabs: Tab[], saved: Tab) => void;
  onCancel: () => void;
  onDelete: (tab: Tab) => void;
  /** Focus the name when the editor opens (after Update Tab, Cancel or Delete Tab, whose buttons go). */
  focusOnOpen?: boolean;
}) {
  const [name, setName] = useState(editing?.tabName ?? '');
  const [icon, setIcon] = useState<TabIconName | ''>(editing?.tabIcon ?? '');
  const [category, setCategory] = useState(editing?.tabCategory ?? '');
  const [errors, setErrors] = useState<FieldErrors<keyof Tab>>({});
  const [listError, setListError] = useState<string | undefined>();

  const submit = () => {
    const input = { tabName: name, tabIcon: icon === '' ? undefined : icon, tabCategory: category };
    const fieldErrors = validateTab(input);
    setErrors(fieldErrors);
    setListError(undefined);
    if (Object.keys(fieldErrors).length > 0) return;
    const result = editing ? updateTab(tabs, editing.tabName, input) : saveTab(tabs, input);
    if (!result.ok) {
      setListError(result.error);
      return;
    }
    const saved = result.value.find((tab) => tab.tabName === name.trim().toLowerCase());
    if (saved) onSave(result.value, saved);
    setName('');
    setIcon('');
    setCategory('');
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="subtitle1" component="h3">
        {editing ? `Edit tab '${editing.tabName}'` : 'Add a tab'}
      </Typography>
      <TextField
        label="Tab name"
        autoFocus={focusOnOpen}
        required
        value={name}
        error={!!errors.tabName}
        helperText={
          errors.tabName ?? 'Stored in lowercase; the search widget shows it with a capital first letter.'
        }
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        select
        label="Tab icon"
        required
        value={icon}
        error={!!errors.tabIcon}
        helperText={errors.tabIcon}
        onChange={(event) => setIcon(event.target.value as TabIconName)}
      >
        {TAB_ICONS.map((option) => (
          <MenuItem key={option} value={option}>
            <ListItemIcon>
              <TabIcon name={option} />
            </ListItemIcon>
            {option}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        freeSolo
        options={categories}
        value={category === '' ? null : category}
        inputValue={category}
        onChange={(_event, value) => setCategory(value ?? '')}
        onInputChange={(_event, value) => setCategory(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Tab category"
            required
            error={!!errors.tabCategory}
            helperText={
              errors.tabCategory ??
              'A category of the engine’s pages, or a URL pattern with * such as */blog/*'
            }
          />
        )}
      />
      {listError && (
        <Typography role="alert" color="error">
          {listError}
        </Typography>
      )}
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={submit}>
          {editing ? 'Update Tab' : 'Add Tab'}
        </Button>
        {editing && (
          <>
            <Button onClick={onCancel}>Cancel</Button>
            <Button color="error" onClick={() => onDelete(editing)}>
              Delete Tab
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}
