import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type FieldErrors,
  type ResultRankingEntry,
  saveResultRankingEntry,
  validateResultRankingEntry,
} from '@siteseer/core';
import { useState } from 'react';
import { AddEntryField } from './add-entry-field.tsx';
import type { CrawledPages } from './crawled-url-field.tsx';

/**
 * The result ranking editor: a new entry (its query filled in with `newQuery` when given), or the
 * one being edited (Update Entry or Cancel).
 */
export function RankingEntryEditor({
  entries,
  editing,
  newQuery = '',
  onSave,
  onCancel,
  focusOnOpen = false,
  pages,
}: {
  /** The engine whose crawled page URLs can be added to the list. */
  pages?: CrawledPages | undefined;
  entries: ResultRankingEntry[];
  editing: ResultRankingEntry | undefined;
  newQuery?: string;
  onSave: (entries: ResultRankingEntry[]) => void;
  onCancel: () => void;
  /** Focus the query when the editor opens (after Update Entry or Cancel, whose buttons go). */
  focusOnOpen?: boolean;
}) {
  const [query, setQuery] = useState(editing?.query ?? newQuery);
  const [urls, setUrls] = useState(editing?.results.join('\n') ?? '');
  const [errors, setErrors] = useState<FieldErrors<'query' | 'results'>>({});
  const [picking, setPicking] = useState('');
  const addUrl = (url: string) => {
    const trimmed = url.trim();
    if (trimmed === '') return;
    setUrls((current) => (current.trim() === '' ? trimmed : `${current.replace(/\s+$/, '')}\n${trimmed}`));
    setPicking('');
  };

  const submit = () => {
    const input = { query, results: urls.split(/\r?\n/) };
    const fieldErrors = validateResultRankingEntry(input);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    const result = saveResultRankingEntry(entries, input, editing?.query);
    if (!result.ok) {
      setErrors({ query: result.error });
      return;
    }
    onSave(result.value);
    setQuery('');
    setUrls('');
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="subtitle1" component="h3">
        {editing ? `Edit entry '${editing.query}'` : 'Add an entry'}
      </Typography>
      <TextField
        label="Query"
        autoFocus={focusOnOpen}
        required
        value={query}
        error={!!errors.query}
        helperText={errors.query ?? 'The search text whose results get these pages first.'}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <TextField
        label="Result URLs"
        required
        multiline
        minRows={3}
        value={urls}
        error={!!errors.results}
        helperText={errors.results ?? 'One URL per line, in the order they should appear.'}
        slotProps={{ htmlInput: { spellCheck: false } }}
        onChange={(event) => setUrls(event.target.value)}
      />
      {pages && (
        <AddEntryField
          label="Add a crawled page"
          addText="Add URL"
          crawled={{ pages }}
          value={picking}
          helperText="Type the start of a URL and pick a page: it goes to the end of the list."
          onChange={setPicking}
          onPick={addUrl}
          onAdd={() => addUrl(picking)}
        />
      )}
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={submit}>
          {editing ? 'Update Entry' : 'Add Entry'}
        </Button>
        {editing && <Button onClick={onCancel}>Cancel</Button>}
      </Stack>
    </Stack>
  );
}
