/** The first index in sorted `words` of a word not before `word`. */
export function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range [from, to) of sorted `words` that start with `prefix`. */
export function prefixRange(words: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(words, prefix);
  // '\uffff' sorts after every character a normalised word holds.
  return [from, lowerBound(words, `${prefix}\uffff`)];
}

const MAX_LENGTH = 64;
/** The edit-distance rows of the last walk, reused by the next when wide enough (walks are synchronous). */
let scratchRows = new Int32Array(0);

/**
 * The words of sorted `words` within `maxDistance` edits of `target` (insertions, deletions,
 * substitutions and swaps of neighbours: optimal string alignment), as the established engines
 * count typos. Walks the sorted list like a trie: the rows of the edit-distance table for a
 * common prefix are shared with the previous word, and once every cell of a row is over the
 * limit, all the words with that prefix are skipped with one binary search. Only the words of
 * [from, to) are looked at.
 */
export function similarWords(
  words: readonly string[],
  target: string,
  maxDistance: number,
  found: (index: number, distance: number) => void,
  [from, to]: readonly [number, number] = [0, words.length],
): void {
  const width = target.length + 1;
  // Only the cells within maxDistance of the diagonal can stay within the limit: the others are
  // never computed and read as over it.
  const over = maxDistance + 1;
  const cells = (MAX_LENGTH + 1) * width;
  if (scratchRows.length < cells) scratchRows = new Int32Array(cells);
  const rows = scratchRows;
  rows.fill(over, 0, cells);
  for (let j = 0; j <= Math.min(maxDistance, target.length); j++) rows[j] = j;
  let previous = '';
  let index = from;
  while (index < to) {
    const word = words[index] as string;
    if (word.length > MAX_LENGTH) {
      index++;
      continue;
    }
    let common = 0;
    const limit = Math.min(previous.length, word.length);
    while (common < limit && previous.charCodeAt(common) === word.charCodeAt(common)) common++;
    let prunedAt = -1;
    for (let i = common + 1; i <= word.length; i++) {
      const row = i * width;
      const above = row - width;
      const char = word.charCodeAt(i - 1);
      rows[row] = i;
      let best = i <= maxDistance ? i : over;
      const last = Math.min(target.length, i + maxDistance);
      for (let j = Math.max(1, i - maxDistance); j <= last; j++) {
        const cost = char === target.charCodeAt(j - 1) ? 0 : 1;
        let value = Math.min(
          (rows[above + j] as number) + 1,
          (rows[row + j - 1] as number) + 1,
          (rows[above + j - 1] as number) + cost,
        );
        if (
          i > 1 &&
          j > 1 &&
          char === target.charCodeAt(j - 2) &&
          word.charCodeAt(i - 2) === target.charCodeAt(j - 1)
        ) {
          value = Math.min(value, (rows[above - width + j - 2] as number) + 1);
        }
        rows[row + j] = value;
        if (value < best) best = value;
      }
      if (best > maxDistance) {
        prunedAt = i;
        break;
      }
    }
    // The next word shares less than `prunedAt` characters with this one: the rows it reuses
    // were all computed.
    previous = word;
    if (prunedAt >= 0) {
      // No word starting with these characters can come within the limit.
      index = pastPrefix(words, index, to, word, prunedAt);
      continue;
    }
    const distance = rows[word.length * width + target.length] as number;
    if (distance <= maxDistance) found(index, distance);
    index++;
  }
}

/**
 * The first index after `index` (whose word starts with the first `length` characters of `word`)
 * of a word that does not, before `to`: galloping from `index`, since a long shared prefix is
 * shared by few words, then halving. Compares characters: no prefix string is made.
 */
function pastPrefix(
  words: readonly string[],
  index: number,
  to: number,
  word: string,
  length: number,
): number {
  const shares = (at: number) => {
    const other = words[at] as string;
    if (other.length < length) return false;
    // From the end: neighbours in the list share their beginnings.
    for (let k = length - 1; k >= 0; k--) if (other.charCodeAt(k) !== word.charCodeAt(k)) return false;
    return true;
  };
  let low = index;
  let high = index + 1;
  for (let step = 1; high < to && shares(high); step *= 2) {
    low = high;
    high = index + step * 2;
  }
  high = Math.min(high, to);
  while (low + 1 < high) {
    const middle = (low + high) >>> 1;
    if (shares(middle)) low = middle;
    else high = middle;
  }
  return high;
}
