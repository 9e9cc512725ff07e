import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import type { KeywordStepProps } from '../step-props.ts';
import { RelevanceRules } from './relevance-rules.tsx';
import { ResultRanking } from './result-ranking.tsx';
import { QuerySuggestions } from './suggestion-settings.tsx';

/**
 * Influence: relevance rules (KW_WIZARD_RELEVANCE) and result ranking (KW_WIZARD_RESULT_RANKING),
 * each shown only with its feature on for the viewer. Opened by the analytics' "Pin results for …"
 * link (`?step=Influence&query=…`), the result ranking editor starts with that query. Editing, URLs
 * are suggested from the engine's crawled pages.
 */
export function InfluenceStep({ settings, onChange, sections, engineId, accountId }: KeywordStepProps) {
  const [searchParams] = useSearchParams();
  const pinQuery =
    searchParams.get('step') === 'Influence' ? (searchParams.get('query')?.trim() ?? undefined) : undefined;
  // Once the engine exists, its crawled pages are offered for URLs (none until a crawl is published).
  const pages = engineId ? { engineId, accountId } : undefined;
  return (
    <Stack spacing={5}>
      {sections.relevance && (
        <RelevanceRules
          rules={settings.relevance}
          pages={pages}
          onChange={(relevance) => onChange({ relevance })}
        />
      )}
      {sections.resultRanking && (
        <ResultRanking
          entries={settings.resultRanking ?? []}
          enabled={settings.resultRankingEnabled}
          pinQuery={pinQuery || undefined}
          pages={pages}
          onChange={onChange}
        />
      )}
      <QuerySuggestions settings={settings.suggestions} onChange={onChange} />
      {!sections.relevance && !sections.resultRanking && (
        <Typography>Relevance and result ranking are not available to you.</Typography>
      )}
    </Stack>
  );
}
