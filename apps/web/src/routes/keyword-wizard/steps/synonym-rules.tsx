import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatSynonyms, isEquivalence, parseSynonyms, type SynonymRule } from '@siteseer/core';
import { useId, useRef, useState } from 'react';
import { useFocusAfterRemove } from '../../../shell/use-focus-after-remove.ts';
import { AddEntryField } from './add-entry-field.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/** One line of rule text as exactly one rule, or what is wrong with it (core's parser's words). */
function readLine(text: string): { rule: SynonymRule } | { error: string } {
  if (/[\r\n]/.test(text)) return { error: 'Write one rule per line.' };
  const { rules, errors } = parseSynonyms(text);
  const [rule] = rules;
  if (errors.length > 0) return { error: (errors[0] ?? '').replace(/^Line 1: /, '') };
  return rule ? { rule } : { error: 'Write phrases separated by commas, or phrase => synonym.' };
}

/** The Meaning column repeats the rule in words: a phone keeps its width for the rule and Delete. */
const onWideScreens = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Row keys from the rules' text, a repeated rule numbered by its occurrence (rows hold edit state). */
function rowKeys(texts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    return `${text}#${count}`;
  });
}

/** How a rule reads in words: "each finds the others" or "also finds …". */
function meaning(rule: SynonymRule): string {
  return isEquivalence(rule) ? 'Each finds the others' : `Also finds ${rule.to.join(', ')}`;
}

/**
 * The synonym rules as an editable table: each row's rule text edited in place (saved on Enter or
 * when the field is left, refused with the parser's reason), Delete per row, and a box to add a
 * rule. Rules are written back in the file's syntax, so the downloads and the server read them.
 */
export function SynonymRules({ table, onChange }: { table: string; onChange: (table: string) => void }) {
  const rules = parseSynonyms(table).rules;
  const texts = rules.map((rule) => formatSynonyms([rule]));
  const keys = rowKeys(texts);
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const headingId = useId();
  const addInput = useRef<HTMLInputElement>(null);
  const removal = useFocusAfterRemove<HTMLTableElement>(rules.length, () => addInput.current);
  const save = (next: SynonymRule[]) => onChange(formatSynonyms(next));

  const add = () => {
    const read = readLine(adding);
    if ('error' in read) {
      setAddError(read.error);
      return;
    }
    save([...rules, read.rule]);
    setAdding('');
    setAddError(undefined);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h3" gutterBottom>
        Synonym rules
      </Typography>
      {rules.length === 0 ? (
        <Typography sx={{ my: 1 }}>No synonym rules yet.</Typography>
      ) : (
        <TableContainer>
          <Table ref={removal.containerRef} size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>Rule</TableCell>
                <TableCell sx={onWideScreens}>Meaning</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.map((rule, index) => {
                const text = texts[index] ?? '';
                return (
                  <TableRow key={keys[index]}>
                    <TableCell sx={{ minWidth: 240 }}>
                      <RuleField
                        label={`Rule ${index + 1}`}
                        text={text}
                        onSave={(edited) => save(rules.map((old, at) => (at === index ? edited : old)))}
                      />
                    </TableCell>
                    <TableCell sx={{ ...onWideScreens, wordBreak: 'break-word' }}>{meaning(rule)}</TableCell>
                    <TableCell>
                      <Button
                        color="error"
                        aria-label={`Delete rule ${text}`}
                        data-remove
                        onClick={() => {
                          removal.removing(index);
                          save(rules.filter((_, at) => at !== index));
                        }}
                      >
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ mt: 2 }}>
        <AddEntryField
          label="New synonym rule"
          addText="Add Synonym Rule"
          inputRef={addInput}
          value={adding}
          error={addError}
          helperText="e.g. tv, television or laptop => notebook"
          onChange={(value) => {
            setAdding(value);
            setAddError(undefined);
          }}
          onAdd={add}
        />
      </Box>
    </Box>
  );
}

/** A rule's text, edited in place: Enter or leaving the field saves it; Escape puts it back. */
function RuleField({
  label,
  text,
  onSave,
}: {
  label: string;
  text: string;
  onSave: (rule: SynonymRule) => void;
}) {
  const [value, setValue] = useState(text);
  const [error, setError] = useState<string | undefined>();
  const commit = () => {
    if (value === text) return;
    const read = readLine(value);
    if ('error' in read) setError(read.error);
    else onSave(read.rule);
  };
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      fullWidth
      autoComplete="off"
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { spellCheck: false } }}
      onChange={(event) => {
        setValue(event.target.value);
        setError(undefined);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') {
          setValue(text);
          setError(undefined);
        }
      }}
    />
  );
}
