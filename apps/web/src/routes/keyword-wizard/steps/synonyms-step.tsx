import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_CHARACTER_MAPPING,
  DOWNLOAD_FILE_NAMES,
  MESSAGES,
  parseCharacterMapping,
  parseSynonyms,
  readSynonymsValidation,
  validateSynonymsFile,
} from '@siteseer/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { problemText } from '../../../api/portal-api.ts';
import { useServices } from '../../../shell/services.tsx';
import type { KeywordStepProps } from '../step-props.ts';
import { ClearSynonymsDialog } from './clear-synonyms-dialog.tsx';
import { saveText } from './download-text.ts';
import { EXAMPLE_FILES, exampleFileName, exampleFileUrl } from './example-files.ts';
import { FileButton } from './file-button.tsx';
import { SynonymRules } from './synonym-rules.tsx';
import { SynonymTry } from './synonym-try.tsx';

/**
 * How to add synonyms for the query the analytics' link names. Not "it found nothing": the link is
 * also on queries that found pages and got no click. Without synonyms there is no current file to
 * download (its button is disabled), so a new file is asked for.
 */
function addSynonymsNote(query: string, hasSynonyms: boolean): string {
  const line = `'${query} => words your pages use'`;
  return hasSynonyms
    ? `To add synonyms for “${query}”, download ${DOWNLOAD_FILE_NAMES.currentSynonyms}, add a line such as ${line}, and upload the file again.`
    : `To add synonyms for “${query}”, upload a CSV or TXT file with a line such as ${line}.`;
}

interface UploadProblem {
  message: string;
  /** The lines the server could not read (its `errors`), listed under the spec's message. */
  details: string[];
}

/**
 * Synonyms: a CSV or TXT file validated by the server replaces the engine's synonym table (or the
 * spec's error shows and the table stays); Clear empties it after a confirmation; the character
 * mapping text with its default; downloads of the current table and of the two example files. The
 * rules are also an editable table, with a box to try a query against them.
 * Opened by the analytics' "Add synonyms for …" link (`?step=Synonyms&query=…`), it says how to
 * add a rule for that query.
 */
export function SynonymsStep({ settings, onChange, accountId }: KeywordStepProps) {
  const { api, reportApiError } = useServices();
  const [searchParams] = useSearchParams();
  const forQuery =
    searchParams.get('step') === 'Synonyms' ? searchParams.get('query')?.trim() || undefined : undefined;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<UploadProblem | undefined>();
  const [loaded, setLoaded] = useState<string | undefined>();
  const [confirmClear, setConfirmClear] = useState(false);
  const table = settings.csvSynonymTable;
  // Clear is off once the table is empty, so the dialog cannot give focus back to it: after a
  // confirmed Clear, focus goes to Upload Synonyms File rather than to the top of the page.
  const uploadButton = useRef<HTMLButtonElement>(null);
  const focusUpload = useRef(false);
  useEffect(() => {
    if (!focusUpload.current || confirmClear) return;
    focusUpload.current = false;
    uploadButton.current?.focus();
  });
  // Up to 1 MB of rules: counted when the table changes, not on every keystroke of the mapping.
  const ruleCount = useMemo(() => (table.trim() === '' ? 0 : parseSynonyms(table).rules.length), [table]);

  const upload = async (file: File) => {
    setLoaded(undefined);
    const typeError = validateSynonymsFile(file);
    if (typeError) {
      setProblem({ message: typeError, details: [] });
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      const response = await api.engines.validateSynonyms({ accountId, file });
      if (!response.ok) {
        setProblem({ message: problemText(response.data) ?? MESSAGES.synonymsFileInvalid, details: [] });
        return;
      }
      const result = readSynonymsValidation(response.data);
      if (!result.ok) {
        setProblem({ message: result.error, details: response.data.errors ?? [] });
        return;
      }
      onChange({ csvSynonymTable: result.value });
      setLoaded(file.name);
    } catch (error) {
      if (!reportApiError(error)) {
        setProblem({ message: error instanceof Error ? error.message : String(error), details: [] });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={4}>
      {/* Not a region of its own: the wizard's step region already bears this name. */}
      <Box>
        <Typography variant="h3" component="h2" gutterBottom>
          Synonyms
        </Typography>
        <Typography gutterBottom>
          Upload a CSV or TXT file with one rule per line: phrases separated by commas are equivalent (tv,
          television), and 'phrases =&gt; synonyms' works one way. The file replaces the current synonyms.
        </Typography>
        {forQuery && (
          <Alert severity="info" sx={{ my: 2 }}>
            {addSynonymsNote(forQuery, table !== '')}
          </Alert>
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 2 }}>
          <FileButton
            buttonRef={uploadButton}
            inputLabel="Synonyms file (CSV or TXT)"
            accept=".csv,.txt"
            disabled={busy}
            onFile={upload}
          >
            Upload Synonyms File
          </FileButton>
          <Button
            variant="outlined"
            disabled={table === ''}
            onClick={() => saveText(table, DOWNLOAD_FILE_NAMES.currentSynonyms, 'text/plain')}
          >
            Download {DOWNLOAD_FILE_NAMES.currentSynonyms}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={table === ''}
            onClick={() => setConfirmClear(true)}
          >
            Clear
          </Button>
          <Button href={exampleFileUrl(EXAMPLE_FILES.synonymsCsv)} download>
            Download {exampleFileName(EXAMPLE_FILES.synonymsCsv)}
          </Button>
          <Button href={exampleFileUrl(EXAMPLE_FILES.synonymsTxt)} download>
            Download {exampleFileName(EXAMPLE_FILES.synonymsTxt)}
          </Button>
        </Stack>
        {busy && <Typography role="status">Checking the file…</Typography>}
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem.message}
            {problem.details.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {problem.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {loaded && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {`Loaded ${loaded}: ${ruleCount} synonym ${ruleCount === 1 ? 'rule' : 'rules'}.`}
          </Alert>
        )}
        <TextField
          label="Current synonyms"
          value={table}
          placeholder="No synonyms"
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          helperText={`${ruleCount} synonym ${ruleCount === 1 ? 'rule' : 'rules'}, as ${DOWNLOAD_FILE_NAMES.currentSynonyms} has them; edit them in the table below or upload a file.`}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        />
      </Box>
      <SynonymRules
        table={table}
        onChange={(csvSynonymTable) => {
          setLoaded(undefined);
          onChange({ csvSynonymTable });
        }}
      />
      <SynonymTry table={table} characterMapping={settings.csvCharMappings} />
      <CharacterMapping
        value={settings.csvCharMappings}
        onChange={(csvCharMappings) => onChange({ csvCharMappings })}
      />
      {confirmClear && (
        <ClearSynonymsDialog
          onCancel={() => setConfirmClear(false)}
          onConfirm={() => {
            focusUpload.current = true;
            onChange({ csvSynonymTable: '' });
            setConfirmClear(false);
            setLoaded(undefined);
          }}
        />
      )}
    </Stack>
  );
}

/** The character mapping text ('original => mapped' pairs separated by commas), checked as typed. */
function CharacterMapping({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { errors } = parseCharacterMapping(value);
  // A heading, not a region of that name: a region named 'Character mapping' around its one field of
  // the same name made getByLabel('Character mapping') find two elements, the section and the field.
  return (
    <Box component="section">
      <Typography variant="h3" component="h2" gutterBottom>
        Character mapping
      </Typography>
      <Typography gutterBottom>
        Characters replaced in pages and queries before searching, so that a search for 'ohm' finds 'Ω'. Pairs
        'original =&gt; mapped' separated by commas. Default: {DEFAULT_CHARACTER_MAPPING}
      </Typography>
      <TextField
        label="Character mapping"
        value={value}
        multiline
        minRows={2}
        fullWidth
        error={errors.length > 0}
        helperText={errors.length > 0 ? errors.join(' ') : 'original => mapped, separated by commas'}
        slotProps={{ htmlInput: { spellCheck: false } }}
        onChange={(event) => onChange(event.target.value)}
      />
      <Button
        sx={{ mt: 1 }}
        disabled={value === DEFAULT_CHARACTER_MAPPING}
        onClick={() => onChange(DEFAULT_CHARACTER_MAPPING)}
      >
        Reset to Default
      </Button>
    </Box>
  );
}
