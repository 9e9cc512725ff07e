import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import type { KeywordStepProps } from '../step-props.ts';
import { RelevanceRules } from './relevance-rules.tsx';
import { ResultRanking } from './result-ranking.tsx';

/**
 * Influence: relevance rules (KW_WIZARD_RELEVANCE) and result ranking (KW_WIZARD_RESULT_RANKING),
 * each shown only with its feature on for the viewer. Opened by the analytics' "Pin results for …"
 * link (`?step=Influence&query=…`), the result ranking editor starts with that query.
 */
export function InfluenceStep({ settings, onChange, sections }: KeywordStepProps) {
  const [searchParams] = useSearchParams();
  const pinQuery =
    searchParams.get('step') === 'Influence' ? (searchParams.get('query')?.trim() ?? undefined) : undefined;
  return (
    <Stack spacing={5}>
      {sections.relevance && (
        <RelevanceRules rules={settings.relevance} onChange={(relevance) => onChange({ relevance })} />
      )}
      {sections.resultRanking && (
        <ResultRanking
          entries={settings.resultRanking ?? []}
          enabled={settings.resultRankingEnabled}
          pinQuery={pinQuery || undefined}
          onChange={onChange}
        />
      )}
      {!sections.relevance && !sections.resultRanking && (
        <Typography>Relevance and result ranking are not available to you.</Typography>
      )}
    </Stack>
  );
}
