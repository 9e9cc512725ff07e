import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { THEME_PROPERTIES, type WidgetModeName } from '@siteseer/widget/reference';
import { useMemo, useState } from 'react';
import { CopyBlock } from '../../install/copy-block.tsx';
import { LiveWidget } from './live-widget.tsx';

/** What a value of a property must be: CSS.supports checks it against a standard property. */
type ValueKind = 'color' | 'length';

/** The properties the example lets a reader change, per mode. */
const EDITABLE: Record<WidgetModeName, readonly { name: string; kind: ValueKind }[]> = {
  parametric: [
    { name: '--siteseer-accent', kind: 'color' },
    { name: '--siteseer-stripe', kind: 'color' },
    { name: '--siteseer-radius', kind: 'length' },
    { name: '--siteseer-font-size', kind: 'length' },
  ],
  keyword: [
    { name: '--siteseer-accent', kind: 'color' },
    { name: '--siteseer-mark-bg', kind: 'color' },
    { name: '--siteseer-radius', kind: 'length' },
    { name: '--siteseer-gap', kind: 'length' },
  ],
};

const KIND_WORDS: Record<ValueKind, string> = { color: 'a CSS colour', length: 'a CSS length' };

/** Whether `value` is a valid CSS colour or length (always true where CSS.supports is missing). */
function isValidValue(kind: ValueKind, value: string): boolean {
  if (typeof CSS === 'undefined' || typeof CSS.supports !== 'function') return true;
  return CSS.supports(kind === 'color' ? 'color' : 'width', value);
}

/** The rule a site puts in its stylesheet for these values. */
function themeRule(values: Readonly<Record<string, string>>): string {
  const lines = Object.entries(values).map(([name, value]) => `  ${name}: ${value};`);
  if (lines.length === 0)
    return '.siteseer {\n  /* Change a property above: its declaration shows here. */\n}';
  return `.siteseer {\n${lines.join('\n')}\n}`;
}

/**
 * The live theming example: the real widget on a sample engine, with inputs for a few custom
 * properties that restyle it as they are typed, and the CSS rule that does the same on a site.
 */
export function LiveThemingExample({ mode }: { mode: WidgetModeName }) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const editable = EDITABLE[mode];
  const applied = useMemo(() => {
    const valid: Record<string, string> = {};
    for (const { name, kind } of editable) {
      const value = typed[name]?.trim();
      if (value && isValidValue(kind, value)) valid[name] = value;
    }
    return valid;
  }, [editable, typed]);

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {editable.map(({ name, kind }) => {
          const property = THEME_PROPERTIES.find((p) => p.name === name);
          const value = typed[name] ?? '';
          const invalid = value.trim() !== '' && !isValidValue(kind, value.trim());
          return (
            <TextField
              key={name}
              label={name}
              value={value}
              placeholder={property?.light}
              error={invalid}
              helperText={
                invalid
                  ? `Not ${KIND_WORDS[kind]}: not applied.`
                  : `Default: ${property?.light ?? ''}${property?.dark ? ` (dark: ${property.dark})` : ''}`
              }
              onChange={(event) => setTyped((current) => ({ ...current, [name]: event.target.value }))}
            />
          );
        })}
      </Box>
      <Box>
        <Button variant="outlined" onClick={() => setTyped({})} disabled={Object.keys(typed).length === 0}>
          Reset to defaults
        </Button>
      </Box>
      <LiveWidget kind={mode} properties={applied} />
      <CopyBlock
        label="Your theme"
        hint="The same values in your site's stylesheet."
        code={themeRule(applied)}
      />
      <Typography variant="body2" color="text.secondary">
        The example sets the values on the widget's root element; in your stylesheet, the rule above does the
        same.
      </Typography>
    </Stack>
  );
}
