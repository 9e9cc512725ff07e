import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BLOCKED_TERMS_MAX,
  blockedTermsOf,
  blockedTermsText,
  SUGGESTION_VISITORS_MAX,
  type SuggestionSettings,
} from '@siteseer/core';
import { useId, useState } from 'react';

export interface QuerySuggestionsProps {
  settings: SuggestionSettings;
  onChange: (patch: { suggestions: SuggestionSettings }) => void;
}

/**
 * Query suggestions, in the Influence step: the terms no suggestion may hold (one a line; a term
 * blocks every popular search and page title holding it as a word) and the distinct visitors a
 * query needs before the search box offers it to others. The field keeps what is typed (blank
 * lines while a list is written); the draft gets its terms.
 */
export function QuerySuggestions({ settings, onChange }: QuerySuggestionsProps) {
  const headingId = useId();
  const [text, setText] = useState(() => blockedTermsText(settings.blockedTerms));
  const [visitors, setVisitors] = useState(String(settings.minVisitors));
  const terms = blockedTermsOf(text);
  const tooMany = terms.length > BLOCKED_TERMS_MAX;
  const visitorsValue = Number(visitors);
  const visitorsValid =
    /^\d+$/.test(visitors.trim()) && visitorsValue >= 1 && visitorsValue <= SUGGESTION_VISITORS_MAX;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h2" gutterBottom>
        Query suggestions
      </Typography>
      <Typography gutterBottom>
        As visitors type, the search box suggests what others searched and found results for, before page
        titles. A search is suggested only once enough different visitors made it.
      </Typography>
      <Stack spacing={3} sx={{ mt: 2, maxWidth: 560 }}>
        <TextField
          label="Blocked suggestion terms"
          multiline
          minRows={3}
          value={text}
          error={tooMany}
          helperText={
            tooMany
              ? `At most ${BLOCKED_TERMS_MAX} blocked terms.`
              : 'One term a line. A suggestion holding a blocked term as a word is never shown.'
          }
          onChange={(event) => {
            setText(event.target.value);
            const next = blockedTermsOf(event.target.value);
            if (next.length <= BLOCKED_TERMS_MAX)
              onChange({ suggestions: { ...settings, blockedTerms: next } });
          }}
        />
        <TextField
          label="Visitors before a search is suggested"
          type="number"
          value={visitors}
          error={!visitorsValid}
          helperText={
            visitorsValid
              ? 'Different visitors who made the search on one day in the last 30 days (3 by default).'
              : `A whole number from 1 to ${SUGGESTION_VISITORS_MAX}.`
          }
          slotProps={{ htmlInput: { min: 1, max: SUGGESTION_VISITORS_MAX, step: 1 } }}
          sx={{ maxWidth: 320 }}
          onChange={(event) => {
            setVisitors(event.target.value);
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= SUGGESTION_VISITORS_MAX) {
              onChange({ suggestions: { ...settings, minVisitors: value } });
            }
          }}
        />
      </Stack>
    </section>
  );
}
