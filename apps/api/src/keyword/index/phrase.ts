import type { ExpandedAlternative } from './expand.ts';
import type { IndexData } from './index-data.ts';
import { scoreAt } from './pack-postings.ts';
import { PostingCursor, recordPositions } from './postings.ts';

/**
 * Pages holding an alternative's words one after the other (its first term per word), scored
 * as the sum of the words' scores times the alternative's weight: the rarest word's pages,
 * intersected with the others' by cursors that skip, then checked by positions.
 */
export function scorePhrase(
  data: IndexData,
  alternative: ExpandedAlternative,
  found: (page: number, score: number) => void,
): void {
  const terms = alternative.words.map((word) => word[0]?.term);
  if (terms.length === 0 || terms.some((term) => term === undefined)) return;
  const wordTerms = terms as number[];
  const cursors = wordTerms.map((term) => new PostingCursor(data, term));
  const order = cursors
    .map((_, i) => i)
    .sort(
      (a, b) =>
        (data.frequencies[wordTerms[a] as number] as number) -
        (data.frequencies[wordTerms[b] as number] as number),
    );
  const lead = cursors[order[0] as number] as PostingCursor;
  while (lead.next()) {
    const page = lead.page;
    let all = true;
    for (const i of order) {
      const cursor = cursors[i] as PostingCursor;
      if (!cursor.advance(page)) return;
      if (cursor.page !== page) {
        all = false;
        break;
      }
    }
    if (
      !all ||
      !adjacent(
        data,
        cursors.map((cursor) => cursor.record),
      )
    )
      continue;
    let score = 0;
    wordTerms.forEach((term, i) => {
      score += scoreAt(data, term, (cursors[i] as PostingCursor).ordinal);
    });
    if (score > 0) found(page, score * alternative.weight);
  }
}

/** Whether the records' positions hold the words one after the other somewhere. */
export function adjacent(data: IndexData, records: readonly number[]): boolean {
  const lists = records.map((at) => recordPositions(data, at));
  const rest = lists.slice(1).map((list) => new Set(list));
  return (lists[0] ?? []).some((start) => rest.every((set, i) => set.has(start + i + 1)));
}
