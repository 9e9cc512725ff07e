import type { ExplainedHit, KeywordExplanation, TermScore } from '@siteseer/core';

/** A score as the table shows it: three decimals, a factor of 1 as a dash (nothing applied). */
function figure(value: number, factor = false): string {
  return factor && value === 1 ? '–' : value.toFixed(3);
}

/**
 * A term's score per field, e.g. `resistor: title 2.104, body 0.311, title prior 0.800`; a term
 * feedback added to a question, not typed, is marked `(feedback)`.
 */
function termCell(term: TermScore): string {
  const parts = term.fields.map((field) => `${field.field} ${figure(field.score)}`);
  if (term.titlePrior > 0) parts.push(`title prior ${figure(term.titlePrior)}`);
  const weight = term.weight === 1 ? '' : ` ×${figure(term.weight)}`;
  const added = term.feedback ? ' (feedback)' : '';
  return `${term.term}${added}${weight}: ${parts.join(', ')}`;
}

function row(hit: ExplainedHit): string[] {
  const { explanation } = hit;
  if (!explanation)
    return [
      String(hit.position),
      'pinned',
      '(placed by the result ranking, not scored)',
      '',
      '',
      '',
      '',
      '',
      hit.url,
    ];
  return [
    String(hit.position),
    figure(explanation.score),
    explanation.terms.map(termCell).join('\n'),
    figure(explanation.heldShare, true),
    figure(explanation.boost, true),
    figure(explanation.title, true),
    figure(explanation.proximity * explanation.rareProximity * explanation.headingProximity, true),
    figure(explanation.linkShare, true),
    hit.url,
  ];
}

/**
 * The explained results as a table: per result its score, each term's score per field, and the
 * factors its terms' sum was multiplied by (a dash: 1).
 */
export function explainTable(result: KeywordExplanation): { head: string[]; rows: string[][] } {
  return {
    head: ['#', 'Score', 'Terms (BM25F per field)', 'Held', 'Boost', 'Title', 'Proximity', 'Links', 'URL'],
    rows: result.hits.map(row),
  };
}
