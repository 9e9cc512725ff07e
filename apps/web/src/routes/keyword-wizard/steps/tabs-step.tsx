import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deleteTab, LIMITS, reorderTabs, type Tab } from '@siteseer/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/error-text.ts';
import { engineCategoriesQuery } from '../../../api/queries.ts';
import { useServices } from '../../../shell/services.tsx';
import type { KeywordStepProps } from '../step-props.ts';
import { TabEditor } from './tab-editor.tsx';
import { TabList } from './tab-list.tsx';

/** Shown while there are tabs and the useTabs switch is off. */
const TABS_OFF = 'Use tabs is off: visitors see only the All tab until you turn it on.';

/**
 * Tabs (edit mode, KW_WIZARD_TABS): the useTabs switch, the tabs in order after the fixed 'All',
 * the tab editor, and the cross-reference category, with categories from the engine's filters call.
 */
export function TabsStep({ settings, onChange, engineId, accountId }: KeywordStepProps) {
  const { tabs, useTabs, crossReferenceCategory } = settings;
  const categories = useEngineCategories(engineId, accountId);
  const [editing, setEditing] = useState<string | undefined>();
  // Update Tab, Cancel and Delete Tab go away with edit mode: the fresh editor's name takes focus.
  const [focusEditor, setFocusEditor] = useState(false);
  const [status, setStatus] = useState('');
  const [moveError, setMoveError] = useState<string | undefined>();
  const editingTab = tabs.find((tab) => tab.tabName === editing);
  const setTabs = (next: Tab[]) => onChange({ tabs: next });

  // What stored settings hold stays choosable, even when the latest crawl no longer has it.
  const crossReferenceOptions = [
    ...new Set([...categories.names, crossReferenceCategory].filter((c) => c !== '')),
  ];

  return (
    <Stack spacing={4}>
      <FormControlLabel
        control={
          <Switch checked={useTabs} onChange={(event) => onChange({ useTabs: event.target.checked })} />
        }
        label="Use tabs"
      />
      {/* Tabs with the switch off are not shown (search answers with All only): say so. */}
      {tabs.length > 0 && !useTabs && (
        <Alert severity="warning" role="status">
          {TABS_OFF}
        </Alert>
      )}
      {/* Not a region of its own: the wizard's step region already bears this name. */}
      <Box>
        <Typography variant="h3" component="h2" gutterBottom>
          Tabs
        </Typography>
        <Typography gutterBottom>
          {`Results are split into tabs by category: ${tabs.length} of ${LIMITS.maxTabs} tabs, besides All. Select a tab to edit it; drag it by its handle or use its arrows to reorder.`}
        </Typography>
        <TabList
          tabs={tabs}
          editing={editing}
          onEdit={(tab) => {
            setFocusEditor(false);
            setEditing(tab.tabName === editing ? undefined : tab.tabName);
            setStatus('');
          }}
          onMove={(from, to) => {
            const result = reorderTabs(tabs, from, to);
            if (result.ok) setTabs(result.value);
            setMoveError(result.ok ? undefined : result.error);
          }}
        />
        {moveError && (
          <Typography role="alert" color="error">
            {moveError}
          </Typography>
        )}
        <Typography role="status" sx={{ minHeight: '1.5em', my: 1 }}>
          {status}
        </Typography>
        <CategoriesNote categories={categories} />
        <TabEditor
          // A new key loads the clicked tab afresh, or an empty form after Cancel or saving.
          key={editingTab?.tabName ?? ''}
          tabs={tabs}
          editing={editingTab}
          categories={categories.names}
          focusOnOpen={focusEditor}
          onSave={(next, saved) => {
            const existed = tabs.some((tab) => tab.tabName === (editingTab?.tabName ?? saved.tabName));
            setTabs(next);
            setFocusEditor(editingTab !== undefined);
            setEditing(undefined);
            setStatus(`${existed ? 'Updated' : 'Added'} tab '${saved.tabName}'.`);
          }}
          onCancel={() => {
            setFocusEditor(true);
            setEditing(undefined);
          }}
          onDelete={(tab) => {
            setFocusEditor(true);
            setTabs(deleteTab(tabs, tab.tabName));
            setEditing(undefined);
            setStatus(`Deleted tab '${tab.tabName}'.`);
          }}
        />
      </Box>
      <TextField
        select
        label="Cross-reference category"
        value={crossReferenceCategory}
        helperText="The category of the engine’s pages that are cross-references."
        onChange={(event) => onChange({ crossReferenceCategory: event.target.value })}
        sx={{ maxWidth: 560 }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {crossReferenceOptions.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

interface EngineCategories {
  /** Category names, most pages first. */
  names: string[];
  state: 'none' | 'loading' | 'error' | 'ready';
  error?: string;
}

/** The engine's categories (the keys of the filters call's data.category), most pages first. */
function useEngineCategories(engineId: string | undefined, accountId: string): EngineCategories {
  const { api } = useServices();
  const query = useQuery({
    ...engineCategoriesQuery(api, engineId ?? '', accountId),
    enabled: engineId !== undefined,
  });
  if (engineId === undefined) return { names: [], state: 'none' };
  if (query.isPending) return { names: [], state: 'loading' };
  if (query.isError) return { names: [], state: 'error', error: errorText(query.error) };
  const names = Object.entries(query.data)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name]) => name);
  return { names, state: 'ready' };
}

function CategoriesNote({ categories }: { categories: EngineCategories }) {
  if (categories.state === 'loading')
    return <Typography role="status">Loading the engine’s categories…</Typography>;
  if (categories.state === 'error') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {`The engine’s categories could not be loaded (${categories.error}). A category can still be typed.`}
      </Alert>
    );
  }
  if (categories.names.length > 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      The engine’s published crawl has no categories yet: they are the custom tags the crawler reads from
      pages. A tab can still use a URL pattern with * as its category, such as */blog/*.
    </Alert>
  );
}
