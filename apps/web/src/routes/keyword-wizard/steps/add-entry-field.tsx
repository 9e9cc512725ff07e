import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode, Ref } from 'react';
import { type CrawledPages, CrawledUrlField } from './crawled-url-field.tsx';

interface AddEntryFieldProps {
  label: string;
  /** The button's text ('Add Rule'), which is also its name. */
  addText: string;
  value: string;
  onChange: (value: string) => void;
  /** Adds what is typed: the button, or Enter in the field (with no suggestion list open). */
  onAdd: () => void;
  /** A crawled page picked from the suggestions, after it filled the field. */
  onPick?: ((url: string) => void) | undefined;
  /** Suggest the engine's crawled page URLs (a URL field); absent: a plain text box. */
  crawled?: { pages: CrawledPages | undefined } | undefined;
  error?: string | undefined;
  /** Shown under the field while there is no error. */
  helperText?: string | undefined;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** More buttons after the add button (an editor's Delete and Cancel). */
  children?: ReactNode;
}

/**
 * A text field with its add button beside it, where Enter adds too: how the keyword wizard's lists
 * (synonym rules, rewrite rules, relevance rules, result ranking URLs) take a new entry. On a phone
 * the buttons go under the field, which keeps the width for what is typed.
 */
export function AddEntryField({
  label,
  addText,
  value,
  onChange,
  onAdd,
  onPick,
  crawled,
  error,
  helperText,
  required = false,
  inputRef,
  children,
}: AddEntryFieldProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack sx={{ flexGrow: 1, alignSelf: 'stretch' }}>
        {crawled ? (
          <CrawledUrlField
            label={label}
            pages={crawled.pages}
            value={value}
            required={required}
            error={!!error}
            helperText={error ?? helperText}
            inputRef={inputRef}
            onChange={onChange}
            onPick={onPick}
            onEnter={onAdd}
          />
        ) : (
          <TextField
            label={label}
            inputRef={inputRef}
            value={value}
            fullWidth
            required={required}
            autoComplete="off"
            error={!!error}
            helperText={error ?? helperText}
            slotProps={{ htmlInput: { spellCheck: false } }}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onAdd();
              }
            }}
          />
        )}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
        <Button variant="contained" onClick={onAdd}>
          {addText}
        </Button>
        {children}
      </Stack>
    </Stack>
  );
}
