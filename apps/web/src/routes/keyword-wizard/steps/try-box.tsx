import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';

/**
 * A box to try what a step's rules do: a heading, a labelled input, and under it what the rules make
 * of the typed text (`show` gets it as typed), in a live output the input is described by, so a
 * screen reader hears the answer change.
 */
export function TryBox({
  title,
  headingLevel,
  label,
  show,
}: {
  title: string;
  /** The heading's level in the step's outline (its look is always h3's). */
  headingLevel: 'h2' | 'h3';
  label: string;
  show: (typed: string) => ReactNode;
}) {
  const [typed, setTyped] = useState('');
  const outputId = useId();
  return (
    <Box>
      <Typography variant="h3" component={headingLevel} gutterBottom>
        {title}
      </Typography>
      <TextField
        label={label}
        value={typed}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-describedby': outputId, spellCheck: false } }}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Box id={outputId} component="output" aria-live="polite" sx={{ display: 'block', mt: 1 }}>
        {show(typed)}
      </Box>
    </Box>
  );
}
