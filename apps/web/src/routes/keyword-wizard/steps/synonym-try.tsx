import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { expandSynonyms, parseCharacterMapping, parseSynonyms } from '@siteseer/core';
import { useMemo } from 'react';
import { TryBox } from './try-box.tsx';

/**
 * A box to try a query against the synonyms being edited: core's expandSynonyms, the reading the
 * search runtime gives a query (character mapping, its words, the longest synonym phrase first), so
 * what it shows is what search does. Quoted phrases, which search does not expand, are not special
 * here: the box is for trying words.
 */
export function SynonymTry({ table, characterMapping }: { table: string; characterMapping: string }) {
  const rules = useMemo(() => parseSynonyms(table).rules, [table]);
  const mappings = useMemo(() => parseCharacterMapping(characterMapping).mappings, [characterMapping]);
  return (
    <TryBox
      title="Try a query"
      headingLevel="h3"
      label="Query to try"
      show={(query) => (
        <Expansion spans={query.trim() === '' ? undefined : expandSynonyms(query, rules, mappings)} />
      )}
    />
  );
}

/** What the synonyms add to each span of the query's words, or that none applies. */
function Expansion({ spans }: { spans: ReturnType<typeof expandSynonyms> | undefined }) {
  if (spans === undefined) return <Typography>Type a query to see what the synonyms add to it.</Typography>;
  // Keyed by where the span starts among the query's words: the same words may come twice.
  let at = 0;
  const placed = spans.map((span) => {
    const start = at;
    at += span.words.length;
    return { ...span, start };
  });
  const expanded = placed.filter((span) => span.also.length > 0);
  if (expanded.length === 0)
    return (
      <Typography>{`No synonym applies: search looks for ${spans.map((span) => span.words.join(' ')).join(' ') || 'nothing'}.`}</Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {expanded.map((span) => (
        <li key={span.start}>
          {`“${span.words.join(' ')}” also finds ${span.also.map((words) => `“${words.join(' ')}”`).join(', ')}`}
        </li>
      ))}
    </Box>
  );
}
