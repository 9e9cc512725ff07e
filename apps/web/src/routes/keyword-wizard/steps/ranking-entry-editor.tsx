import Box from '@mui/material/Box';
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

/** Lines of a URL list box: one URL a line. */
const lines = (text: string) => text.split(/\r?\n/);

/** The text with a URL added as its last line. */
function withUrl(text: string, url: string): string {
  return text.trim() === '' ? url : `${text.replace(/\s+$/, '')}\n${url}`;
}

/**
 * One URL list of an entry: its box (one URL a line) and, once the engine has crawled, a field that
 * picks a crawled page and adds it to the end of the list.
 */
function UrlList({
  label,
  helperText,
  error,
  value,
  onChange,
  pick,
  pages,
}: {
  label: string;
  helperText: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  pick: { label: string; addText: string };
  pages: CrawledPages | undefined;
}) {
  const [picking, setPicking] = useState('');
  const add = (url: string) => {
    const trimmed = url.trim();
    if (trimmed === '') return;
    onChange(withUrl(value, trimmed));
    setPicking('');
  };
  return (
    <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
      <TextField
        label={label}
        multiline
        minRows={3}
        value={value}
        error={!!error}
        helperText={error ?? helperText}
        slotProps={{ htmlInput: { spellCheck: false } }}
        onChange={(event) => onChange(event.target.value)}
      />
      {pages && (
        <AddEntryField
          label={pick.label}
          addText={pick.addText}
          crawled={{ pages }}
          value={picking}
          helperText="Type the start of a URL and pick a page: it goes to the end of the list."
          onChange={setPicking}
          onPick={add}
          onAdd={() => add(picking)}
        />
      )}
    </Stack>
  );
}

/**
 * The result ranking editor: a new entry (its query filled in with `newQuery` when given), or the
 * one being edited (Update Entry or Cancel). The pinned URLs and the hidden ones sit side by side
 * (one under the other on a phone), each list with its own crawled-page picker.
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
  /** The engine whose crawled page URLs can be added to the lists. */
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
  const [hidden, setHidden] = useState(editing?.hidden?.join('\n') ?? '');
  const [errors, setErrors] = useState<FieldErrors<'query' | 'results' | 'hidden'>>({});

  const submit = () => {
    const input = { query, results: lines(urls), hidden: lines(hidden) };
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
    setHidden('');
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography variant="subtitle1" component="h3">
        {editing ? `Edit entry '${editing.query}'` : 'Add an entry'}
      </Typography>
      <Box sx={{ maxWidth: 560 }}>
        <TextField
          label="Query"
          autoFocus={focusOnOpen}
          required
          fullWidth
          value={query}
          error={!!errors.query}
          helperText={errors.query ?? 'The search text whose results get these pages first.'}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}
      >
        <UrlList
          label="Result URLs"
          helperText="One URL per line, in the order they should appear."
          error={errors.results}
          value={urls}
          onChange={setUrls}
          pick={{ label: 'Add a crawled page', addText: 'Add URL' }}
          pages={pages}
        />
        <UrlList
          label="Hidden URLs"
          helperText="One URL per line: never shown for this query (a wrong or outdated page)."
          error={errors.hidden}
          value={hidden}
          onChange={setHidden}
          pick={{ label: 'Hide a crawled page', addText: 'Hide URL' }}
          pages={pages}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={submit}>
          {editing ? 'Update Entry' : 'Add Entry'}
        </Button>
        {editing && <Button onClick={onCancel}>Cancel</Button>}
      </Stack>
    </Stack>
  );
}
