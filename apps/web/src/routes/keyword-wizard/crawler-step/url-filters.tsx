import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DOWNLOAD_FILE_NAMES,
  formatCsv,
  parseCsv,
  readUrlFilterFile,
  urlFiltersToRows,
  validateCsvFile,
} from '@siteseer/core';
import { useState } from 'react';
import { saveText } from '../steps/download-text.ts';
import { EXAMPLE_FILES, exampleFileName, exampleFileUrl } from '../steps/example-files.ts';
import { FileButton } from '../steps/file-button.tsx';
import { ListEditor } from './list-editor.tsx';

/**
 * URL filters (KW_WIZARD_URL_FILTERING): typed one by one or loaded from a CSV file (one row: that
 * row's cells; several rows: the first cell of each), with downloads of the current list and of an
 * example. No filter means every page of the sites is crawled.
 */
export function UrlFilters({
  filters,
  onFilters,
}: {
  filters: readonly string[] | null;
  onFilters: (filters: string[] | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const list = filters ?? [];
  const set = (next: string[]) => onFilters(next.length > 0 ? next : null);

  const load = async (file: File) => {
    const typeError = validateCsvFile(file);
    if (typeError) {
      setFileError(typeError);
      return;
    }
    const read = readUrlFilterFile(file, parseCsv(await file.text()));
    if (!read.ok) {
      setFileError(read.error);
      return;
    }
    setFileError(undefined);
    set(read.value);
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        Only pages matching a filter are crawled; a filter starting with - leaves pages out. A filter is a
        prefix of the path (/docs/), of host and path (www.example.com/docs/) or, starting with *, of the
        whole URL; * matches any run of characters, ? one, and a final $ asks for an exact match.
      </Typography>
      <ListEditor
        label="URL filter"
        addText="Add Filter"
        listLabel="URL filters"
        placeholder="/docs/*"
        items={list}
        value={typed}
        onValueChange={setTyped}
        onAdd={() => {
          const value = typed.trim();
          if (value !== '' && !list.includes(value)) set([...list, value]);
          setTyped('');
        }}
        onRemove={(filter) => set(list.filter((f) => f !== filter))}
        canRemove
        emptyText="No URL filters: every page of the sites is crawled."
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FileButton
          inputLabel="URL filters CSV file"
          accept=".csv,text/csv"
          onFile={(file) => void load(file)}
        >
          Load URL Filters CSV
        </FileButton>
        <Button
          disabled={list.length === 0}
          onClick={() =>
            saveText(formatCsv(urlFiltersToRows(list)), DOWNLOAD_FILE_NAMES.currentUrlFilters, 'text/csv')
          }
        >
          Download {DOWNLOAD_FILE_NAMES.currentUrlFilters}
        </Button>
        <Button href={exampleFileUrl(EXAMPLE_FILES.urlFilters)} download>
          Download {exampleFileName(EXAMPLE_FILES.urlFilters)}
        </Button>
      </Stack>
      {fileError && (
        // An alert, as the other steps' file errors are (MUI Alert): picking a file moves no focus.
        <FormHelperText error role="alert">
          {fileError}
        </FormHelperText>
      )}
    </Stack>
  );
}
