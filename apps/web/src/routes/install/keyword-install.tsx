import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DESCRIPTION_SIZE_MAX, DESCRIPTION_SIZE_MIN, RESULTS_PER_PAGE_OPTIONS } from '@siteseer/core';
import { useState } from 'react';
import { CopyBlock } from './copy-block.tsx';
import {
  DEFAULT_KEYWORD_INSTALL_OPTIONS,
  type KeywordInstallOptions,
  keywordSnippets,
} from './keyword-snippet.ts';

/** The keyword search box configurator and the Script, Input tag and Results tag it produces. */
export function KeywordInstall({ apiBase, clientId }: { apiBase: string; clientId: string }) {
  const [options, setOptions] = useState<KeywordInstallOptions>(DEFAULT_KEYWORD_INSTALL_OPTIONS);
  // The size as typed: the snippet takes it only within the bounds the widget and the search call
  // accept (a 0 or 5000 there would quietly become 50 or 2000); outside, the field says so.
  const [sizeText, setSizeText] = useState(String(DEFAULT_KEYWORD_INSTALL_OPTIONS.descriptionSize));
  const size = Number(sizeText);
  const sizeValid =
    /^\d+$/.test(sizeText.trim()) && size >= DESCRIPTION_SIZE_MIN && size <= DESCRIPTION_SIZE_MAX;
  const set = (change: Partial<KeywordInstallOptions>) =>
    setOptions((current) => ({ ...current, ...change }));
  const snippets = keywordSnippets(apiBase, clientId, options);

  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="keyword-install-options">
        <Typography id="keyword-install-options" variant="h2" gutterBottom>
          Search box options
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          <TextField
            select
            label="Results per page"
            value={options.resultsPerPage}
            onChange={(event) =>
              set({ resultsPerPage: Number(event.target.value) as KeywordInstallOptions['resultsPerPage'] })
            }
          >
            {RESULTS_PER_PAGE_OPTIONS.map((count) => (
              <MenuItem key={count} value={count}>
                {count}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Redirect page (optional)"
            placeholder="https://www.example.com/search"
            value={options.redirectPage}
            onChange={(event) => set({ redirectPage: event.target.value })}
          />
          <TextField
            label="Selector"
            value={options.selector}
            onChange={(event) => set({ selector: event.target.value })}
          />
          <TextField
            label="Placeholder"
            value={options.placeholder}
            onChange={(event) => set({ placeholder: event.target.value })}
          />
          <TextField
            label="No results text"
            value={options.noResultsText}
            onChange={(event) => set({ noResultsText: event.target.value })}
          />
          <TextField
            label="Description size"
            type="number"
            value={sizeText}
            error={!sizeValid}
            helperText={
              sizeValid
                ? 'Characters of text shown under each result.'
                : `Enter a number from ${DESCRIPTION_SIZE_MIN} to ${DESCRIPTION_SIZE_MAX}: the snippets keep ${options.descriptionSize}.`
            }
            slotProps={{ htmlInput: { min: DESCRIPTION_SIZE_MIN, max: DESCRIPTION_SIZE_MAX, step: 10 } }}
            onChange={(event) => {
              const text = event.target.value;
              setSizeText(text);
              const typed = Number(text);
              if (/^\d+$/.test(text.trim()) && typed >= DESCRIPTION_SIZE_MIN && typed <= DESCRIPTION_SIZE_MAX)
                set({ descriptionSize: typed });
            }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={options.urlRewriting}
                onChange={(event) => set({ urlRewriting: event.target.checked })}
              />
            }
            label="URL rewriting"
          />
          <FormControlLabel
            control={
              <Switch
                checked={options.popularOnFocus}
                onChange={(event) => set({ popularOnFocus: event.target.checked })}
              />
            }
            label="Show popular searches on focus"
          />
          <FormControlLabel
            control={
              <Switch
                checked={options.autoCorrect}
                onChange={(event) => set({ autoCorrect: event.target.checked })}
              />
            }
            label="Auto-correct queries that find nothing"
          />
        </Box>
      </Box>
      <CopyBlock
        headingLevel={2}
        label="Script"
        hint="Put this in the head of your page."
        code={snippets.script}
      />
      <CopyBlock
        headingLevel={2}
        label="Input tag"
        hint="Put this where the search box goes."
        code={snippets.input}
      />
      <CopyBlock
        headingLevel={2}
        label="Results tag"
        hint="Put this where the results go."
        code={snippets.results}
      />
    </Stack>
  );
}
