import type { KeywordExplainQuery, KeywordExplanation } from '@siteseer/core';
import { ServiceUnavailableError } from '../../errors.ts';
import { correctedText } from '../query/index.ts';
import type { KeywordRuntime } from './keyword-runtime.ts';
import { onGeneration, rank, rankingRequest } from './keyword-search.ts';
import type { LiveKeyword } from './live-keyword.ts';

/**
 * A page of a live client's results as its public search ranks them (pins, relevance rules, tabs,
 * synonyms), each with its score taken apart by the backend; a pinned result is placed, not
 * scored, and says so. Not cached nor recorded: it is for the engine's owners, not its visitors.
 */
export async function explainKeyword(
  runtime: KeywordRuntime,
  first: LiveKeyword,
  query: Pick<KeywordExplainQuery, 'q' | 'tab' | 'page' | 'pageSize'>,
): Promise<KeywordExplanation> {
  const asked = rankingRequest(first, query);
  const base = { page: query.page, pageSize: query.pageSize };
  if (asked.request.slots.length === 0) return { ...base, total: 0, hits: [] };
  const { backend } = runtime.registry;
  const explain = backend.explain?.bind(backend);
  if (!explain) throw new ServiceUnavailableError('This search backend does not explain its scores.');
  return onGeneration(runtime, first, async (live, key) => {
    const ranked = await rank(runtime, live, key, asked.request, asked.page, explain);
    const hits = [
      ...ranked.pinned.map((ref) => ({ url: ref.url, title: ref.title, pinned: true, explanation: null })),
      ...ranked.hits.map((hit) => ({
        url: hit.url,
        title: hit.title,
        pinned: false,
        explanation: hit.explanation,
      })),
    ];
    return {
      ...base,
      total: ranked.total,
      hits: hits.map((hit, n) => ({ position: asked.page.offset + n + 1, ...hit })),
      ...(ranked.correction && {
        didYouMean: correctedText(query.q, asked.spans, ranked.correction.words),
      }),
    };
  });
}
