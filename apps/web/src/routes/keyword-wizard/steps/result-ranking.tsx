import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DOWNLOAD_FILE_NAMES,
  deleteResultRankingEntry,
  formatCsv,
  MESSAGES,
  parseCsv,
  type ResultRankingEntry,
  readResultRankingFile,
  resultRankingToRows,
  validateCsvFile,
} from '@siteseer/core';
import { useId, useRef, useState } from 'react';
import { useFocusAfterRemove } from '../../../shell/use-focus-after-remove.ts';
import type { CrawledPages } from './crawled-url-field.tsx';
import { saveText } from './download-text.ts';
import { EXAMPLE_FILES, exampleFileName, exampleFileUrl } from './example-files.ts';
import { FileButton } from './file-button.tsx';
import { RankingEntryEditor } from './ranking-entry-editor.tsx';
import { visuallyHidden } from './visually-hidden.ts';

type Notice = { severity: 'error' | 'success'; text: string };

/** A URL list's cell keeps a readable width on a phone (its table scrolls instead). */
const urlCell = { minWidth: 200 } as const;

/** Shown while there are entries and the switch is off. */
const RANKING_OFF = 'Result ranking is off: these entries change no results until you enable it.';

/**
 * Result ranking (KW_WIZARD_RESULT_RANKING): entries of a query, the URLs pinned above its results
 * and the URLs hidden from them, edited one by one or loaded from a CSV file (which replaces them); the switch that turns
 * pinning on; downloads of the current entries (current-result-ranking.csv) and of the example.
 */
export function ResultRanking({
  entries,
  enabled,
  pinQuery,
  pages,
  onChange,
}: {
  /** The engine whose crawled page URLs the editor suggests. */
  pages?: CrawledPages | undefined;
  entries: ResultRankingEntry[];
  enabled: boolean;
  /**
   * A query to pin results for (the analytics' "Pin results for …" link): its entry opens for
   * editing, or a new entry starts with it. Analytics queries are normalised, so case is ignored.
   */
  pinQuery?: string | undefined;
  onChange: (change: { resultRanking?: ResultRankingEntry[] | null; resultRankingEnabled?: boolean }) => void;
}) {
  const [editing, setEditing] = useState<ResultRankingEntry | undefined>(() =>
    pinQuery ? entries.find((entry) => entry.query.toLowerCase() === pinQuery.toLowerCase()) : undefined,
  );
  // Offered to the first new entry only: after a save or Cancel the editor starts empty again.
  // Update Entry and Cancel go away with edit mode: the fresh editor's query takes focus.
  const [focusEditor, setFocusEditor] = useState(false);
  const [newQuery, setNewQuery] = useState(editing ? '' : (pinQuery ?? ''));
  const [notice, setNotice] = useState<Notice | undefined>();
  const headingId = useId();
  const replacesId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // After a Delete, the next entry's Delete, else the editor's Query field (its only text input).
  const removal = useFocusAfterRemove<HTMLTableElement>(entries.length, () =>
    sectionRef.current ? sectionRef.current.querySelector<HTMLElement>('input[type="text"]') : null,
  );
  // The draft keeps null for "no entries", as the spec's entity has it.
  const setEntries = (next: ResultRankingEntry[]) =>
    onChange({ resultRanking: next.length > 0 ? next : null });

  const load = async (file: File) => {
    setEditing(undefined);
    const typeError = validateCsvFile(file);
    if (typeError) {
      setNotice({ severity: 'error', text: typeError });
      return;
    }
    const result = readResultRankingFile(file, parseCsv(await file.text()));
    if (!result.ok) setNotice({ severity: 'error', text: result.error });
    else if (result.value.length === 0) setNotice({ severity: 'error', text: MESSAGES.rankingFileEmpty });
    else {
      const replaced = entries.length;
      setEntries(result.value);
      const count = result.value.length;
      const loaded = `Loaded ${file.name}: ${count} ${count === 1 ? 'entry' : 'entries'}`;
      setNotice({
        severity: 'success',
        text:
          replaced === 0
            ? `${loaded}.`
            : `${loaded}, replacing the ${replaced} ${replaced === 1 ? 'entry' : 'entries'} there ${replaced === 1 ? 'was' : 'were'}.`,
      });
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} ref={sectionRef}>
      <Typography id={headingId} variant="h3" component="h2" gutterBottom>
        Result Ranking
      </Typography>
      <Typography gutterBottom>
        Pin pages to the top of the results of a query, in the order given, or hide pages from them. A CSV
        file has one row per query: the query, then its URLs, and last a cell &lsquo;hidden: URL URL&rsquo;
        for the pages it hides. <span id={replacesId}>The file replaces the current entries.</span>
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            onChange={(event) => onChange({ resultRankingEnabled: event.target.checked })}
          />
        }
        label="Enable result ranking"
      />
      {/* Entries with the switch off pin nothing: say so, or "Pin results" from analytics seems to fail. */}
      {entries.length > 0 && !enabled && (
        <Alert severity="warning" role="status" sx={{ my: 1 }}>
          {RANKING_OFF}
        </Alert>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 2 }}>
        <FileButton
          inputLabel="Result ranking file (CSV)"
          accept=".csv"
          describedBy={replacesId}
          onFile={(file) => void load(file)}
        >
          Load CSV
        </FileButton>
        <Button
          variant="outlined"
          disabled={entries.length === 0}
          onClick={() =>
            saveText(
              formatCsv(resultRankingToRows(entries)),
              DOWNLOAD_FILE_NAMES.currentResultRanking,
              'text/csv',
            )
          }
        >
          Download {DOWNLOAD_FILE_NAMES.currentResultRanking}
        </Button>
        <Button href={exampleFileUrl(EXAMPLE_FILES.resultRanking)} download>
          Download {exampleFileName(EXAMPLE_FILES.resultRanking)}
        </Button>
      </Stack>
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      {entries.length === 0 ? (
        <Typography sx={{ my: 2 }}>No result ranking entries yet.</Typography>
      ) : (
        // URLs do not fit a phone's width: the table scrolls sideways in its own box, not the page.
        <TableContainer sx={{ mb: 2 }}>
          <Table ref={removal.containerRef} size="small" aria-label="Result ranking entries">
            <TableHead>
              <TableRow>
                <TableCell>Query</TableCell>
                <TableCell>Result URLs</TableCell>
                <TableCell>Hidden URLs</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry, index) => (
                <TableRow key={entry.query} selected={editing?.query === entry.query}>
                  <TableCell>{entry.query}</TableCell>
                  <TableCell sx={urlCell}>
                    <Box component="ol" sx={{ m: 0, pl: 3, wordBreak: 'break-all' }}>
                      {entry.results.map((url) => (
                        <li key={url}>{url}</li>
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell sx={urlCell}>
                    {(entry.hidden ?? []).length > 0 && (
                      <Box component="ul" sx={{ m: 0, pl: 3, wordBreak: 'break-all' }}>
                        {entry.hidden?.map((url) => (
                          <li key={url}>{url}</li>
                        ))}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      aria-label={`Edit entry ${entry.query}`}
                      onClick={() => {
                        setFocusEditor(false);
                        setEditing(entry);
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      color="error"
                      aria-label={`Delete entry ${entry.query}`}
                      data-remove
                      onClick={() => {
                        removal.removing(index);
                        setFocusEditor(false);
                        if (editing?.query === entry.query) setEditing(undefined);
                        setEntries(deleteResultRankingEntry(entries, entry.query));
                      }}
                    >
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <RankingEntryEditor
        // A new key per entry loads it afresh, and back to an empty form after saving or Cancel.
        key={editing?.query ?? ''}
        entries={entries}
        editing={editing}
        newQuery={newQuery}
        focusOnOpen={focusEditor}
        pages={pages}
        onSave={(next) => {
          setFocusEditor(editing !== undefined);
          setEntries(next);
          setEditing(undefined);
          setNewQuery('');
        }}
        onCancel={() => {
          setFocusEditor(true);
          setEditing(undefined);
          setNewQuery('');
        }}
      />
    </Box>
  );
}
