import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useState } from 'react';
import { pageUrlsQuery } from '../../../api/queries.ts';
import { useServices } from '../../../shell/services.tsx';

/** Waits this long after the last keystroke before asking for suggestions. */
const TYPING_PAUSE_MS = 200;

/** The engine whose crawled pages are suggested; absent while creating (nothing crawled yet). */
export interface CrawledPages {
  engineId: string;
  accountId: string;
}

interface CrawledUrlFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter with no suggestion open (the form's Add or Update). */
  onEnter?: () => void;
  /** A suggestion chosen from the list. */
  onPick?: (url: string) => void;
  pages: CrawledPages | undefined;
  helperText?: string | undefined;
  error?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A URL box that suggests the engine's crawled page URLs starting with what is typed (MUI
 * Autocomplete, free text allowed: a pattern or a page not crawled yet is fine). Without an engine
 * it is a plain text box.
 */
export function CrawledUrlField({
  label,
  value,
  onChange,
  onEnter,
  onPick,
  pages,
  helperText,
  error = false,
  required = false,
  inputRef,
}: CrawledUrlFieldProps) {
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  const [prefix, setPrefix] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPrefix(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useQuery({
    ...pageUrlsQuery(api, pages?.engineId ?? '', pages?.accountId ?? '', prefix.trim()),
    enabled: pages !== undefined && open,
  });
  const onKeyDown = (event: React.KeyboardEvent) => {
    // With the list open, Enter picks the highlighted URL; closed, it submits the form.
    if (event.key === 'Enter' && !open && onEnter) {
      event.preventDefault();
      onEnter();
    }
  };
  const field = (params: object) => (
    <TextField
      {...params}
      label={label}
      required={required}
      error={error}
      helperText={helperText}
      inputRef={inputRef}
      autoComplete="off"
      onKeyDown={onKeyDown}
    />
  );
  if (!pages) {
    return field({
      value,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
      slotProps: { htmlInput: { spellCheck: false } },
    });
  }
  return (
    <Autocomplete
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={suggestions.data ?? []}
      // The server already matched the prefix; filtering again would hide scheme-less matches.
      filterOptions={(options) => options}
      loading={suggestions.isFetching}
      loadingText="Looking for crawled pages…"
      noOptionsText="No crawled page starts with this."
      inputValue={value}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') onChange(next);
      }}
      value={null}
      onChange={(_event, picked) => {
        if (typeof picked === 'string' && picked !== '') {
          onChange(picked);
          onPick?.(picked);
        }
      }}
      renderInput={(params) => field(params)}
    />
  );
}
