import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ApplicationSettings } from '@siteseer/core';
import { type FileChanges, retypedText } from '@siteseer/core';
import { useId } from 'react';

const SETTING_NAMES: Record<keyof ApplicationSettings, string> = {
  filterFormat: 'Filter format',
  allowDownload: 'Allow download of results',
  allowEmptyFilterValues: 'Allow empty filter values',
  autoApplyFilters: 'Apply filters automatically',
  showSearchBar: 'Show search bar',
};

function settingValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return value === 'list' ? 'List' : value === 'dialog' ? 'Dialog' : String(value);
}

const count = (rows: number | undefined) => (rows === undefined ? 'unknown' : rows.toLocaleString());

/**
 * Before a new file of a published engine goes live: what it changes against what is live now
 * (columns by header, rows, settings), so nothing surprises the owner after Finish & Publish.
 */
export function NewFileChanges({ changes }: { changes: FileChanges }) {
  const titleId = useId();
  const lines = [
    `Rows: ${count(changes.rows.before)} → ${count(changes.rows.after)}`,
    ...(changes.added.length ? [`Columns added: ${changes.added.join(', ')}`] : []),
    ...(changes.removed.length ? [`Columns removed: ${changes.removed.join(', ')}`] : []),
    ...changes.retyped.map((column) => `Type changed: ${retypedText(column)}`),
    ...changes.settings.map(
      (s) => `${SETTING_NAMES[s.name]}: ${settingValue(s.before)} → ${settingValue(s.after)}`,
    ),
  ];
  return (
    <Alert
      severity={changes.removed.length || changes.retyped.length ? 'warning' : 'info'}
      role="note"
      aria-labelledby={titleId}
    >
      <AlertTitle id={titleId}>What the new file changes</AlertTitle>
      {changes.sameShape && 'The same columns and settings as the live file; only the rows change.'}
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Alert>
  );
}
