import TextField from '@mui/material/TextField';
import { BUILT_IN_IGNORED_PARAMETERS } from '@siteseer/core';
import { useState } from 'react';

/** The field's help: how to write an entry, and the parameters ignored without one. */
export const IGNORED_PARAMETERS_HINT = `One parameter name per line, dropped from the URLs the crawler finds so that their variants are one page; end a name with * to match every name that starts so (ref*). Always dropped: ${BUILT_IN_IGNORED_PARAMETERS.join(', ')}.`;

/** The entries of the field's text: one per line, trimmed, blank lines left out. */
export function ignoredParametersOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * "Ignored URL parameters": the engine's query parameters the crawler drops besides the built-in
 * tracking and session ones, typed one per line. The text is the field's own while it is edited,
 * so a line break typed at the end stays; the draft gets the entries.
 */
export function IgnoredParameters({
  parameters,
  error,
  onParameters,
}: {
  parameters: readonly string[];
  error: string | undefined;
  onParameters: (parameters: string[]) => void;
}) {
  const [text, setText] = useState(() => parameters.join('\n'));
  return (
    <TextField
      label="Ignored URL parameters"
      multiline
      minRows={3}
      size="small"
      value={text}
      placeholder={'ref*\nsessionid'}
      error={!!error}
      helperText={error ?? IGNORED_PARAMETERS_HINT}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', autoCorrect: 'off' } }}
      onChange={(event) => {
        setText(event.target.value);
        onParameters(ignoredParametersOf(event.target.value));
      }}
    />
  );
}
