import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useColorScheme } from '@mui/material/styles';
import { useId } from 'react';

const CHOICES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const;

type Choice = (typeof CHOICES)[number]['value'];

/**
 * The portal's colour scheme: light, dark, or the system's (the default). Applies at once and is
 * kept in this browser (the theme's storage key); the search widget on customer sites is unaffected.
 */
export function ColorSchemeChoice() {
  const { mode, setMode } = useColorScheme();
  const labelId = useId();
  return (
    <FormControl sx={{ px: 2, py: 1 }}>
      <FormLabel id={labelId} sx={{ typography: 'overline', color: 'text.secondary' }}>
        Theme
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={mode ?? 'system'}
        onChange={(event) => setMode(event.target.value as Choice)}
      >
        {CHOICES.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            control={<Radio size="small" />}
            label={choice.label}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
