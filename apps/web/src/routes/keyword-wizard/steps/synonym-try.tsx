import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { expandSynonyms, parseCharacterMapping, parseSynonyms } from '@siteseer/core';
import { useId, useMemo, useState } from 'react';

/**
 * A box to try a query against the synonyms being edited: core's expandSynonyms, the reading the
 * search runtime gives a query (character mapping, its words, the longest synonym phrase first), so
 * what it shows is what search does. Quoted phrases, which search does not expand, are not special
 * here: the box is for trying words.
 */
export function SynonymTry({ table, characterMapping }: { table: string; characterMapping: string }) {
  const [query, setQuery] = useState('');
  const outputId = useId();
  const rules = useMemo(() => parseSynonyms(table).rules, [table]);
  const mappings = useMemo(() => parseCharacterMapping(characterMapping).mappings, [characterMapping]);
  const spans = query.trim() === '' ? undefined : expandSynonyms(query, rules, mappings);
  // Keyed by where the span starts among the query's words: the same words may come twice.
  let at = 0;
  const placed = (spans ?? []).map((span) => {
    const start = at;
    at += span.words.length;
    return { ...span, start };
  });
  const expanded = placed.filter((span) => span.also.length > 0);
  return (
    <Box>
      <Typography variant="h3" component="h3" gutterBottom>
        Try a query
      </Typography>
      <TextField
        label="Query to try"
        value={query}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-describedby': outputId, spellCheck: false } }}
        onChange={(event) => setQuery(event.target.value)}
      />
      <Box id={outputId} component="output" aria-live="polite" sx={{ display: 'block', mt: 1 }}>
        {spans === undefined ? (
          <Typography>Type a query to see what the synonyms add to it.</Typography>
        ) : expanded.length === 0 ? (
          <Typography>{`No synonym applies: search looks for ${spans.map((span) => span.words.join(' ')).join(' ') || 'nothing'}.`}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {expanded.map((span) => (
              <li key={span.start}>
                {`“${span.words.join(' ')}” also finds ${span.also.map((words) => `“${words.join(' ')}”`).join(', ')}`}
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
