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
/** The characters of the word being walked. */
const scratchWord = new Uint16Array(MAX_LENGTH);

/**
 * Sorted words as the typo walk reads them, front-coded: per word, the characters it shares with
 * the one before (0 for the first, at most 255), and the characters after those, back to back. A
 * walk reads these few contiguous kilobytes of a first letter's words instead of their strings,
 * scattered over the heap and out of the CPU's caches between searches: under the bench's
 * 16-client load the walks went from 8 % of the event loop's time to 2 %.
 */
export interface FrontCoded {
  common: Uint8Array;
  /** Where each word's characters after its common ones start in `chars`, and where the last ends. */
  starts: Uint32Array;
  chars: Uint16Array;
}

export function frontCode(words: readonly string[]): FrontCoded {
  const common = new Uint8Array(words.length);
  const starts = new Uint32Array(words.length + 1);
  let total = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (i > 0) {
      const before = words[i - 1] as string;
      const limit = Math.min(before.length, word.length, 255);
      let n = 0;
      while (n < limit && before.charCodeAt(n) === word.charCodeAt(n)) n++;
      common[i] = n;
    }
    starts[i] = total;
    total += word.length - (common[i] as number);
  }
  starts[words.length] = total;
  const chars = new Uint16Array(total);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    let at = starts[i] as number;
    for (let c = common[i] as number; c < word.length; c++) chars[at++] = word.charCodeAt(c);
  }
  return { common, starts, chars };
}

/**
 * The words of sorted `words` within `maxDistance` edits of `target` (insertions, deletions,
 * substitutions and swaps of neighbours: optimal string alignment), as the established engines
 * count typos. Walks the sorted list like a trie, by `coded` (`frontCode` of the list): the rows
 * of the edit-distance table for a prefix a word shares with the one before are kept, and once
 * every cell of a row is over the limit, the words that share that row's prefix are passed over
 * by their common prefixes alone. Only the words of [from, to) are looked at.
 */
export function similarWords(
  words: readonly string[],
  coded: FrontCoded,
  target: string,
  maxDistance: number,
  found: (index: number, distance: number) => void,
  [from, to]: readonly [number, number] = [0, words.length],
): void {
  const { common, starts, chars } = coded;
  const width = target.length + 1;
  // Only the cells within maxDistance of the diagonal can stay within the limit: the others are
  // never computed and read as over it.
  const over = maxDistance + 1;
  const cells = (MAX_LENGTH + 1) * width;
  if (scratchRows.length < cells) scratchRows = new Int32Array(cells);
  const rows = scratchRows;
  rows.fill(over, 0, cells);
  for (let j = 0; j <= Math.min(maxDistance, target.length); j++) rows[j] = j;
  // The word's characters: those it shares with the word walked before are there already (the
  // words passed over share at least as many with it), its own are copied after them.
  const word = scratchWord;
  // Rows 0..kept hold the table of the last word walked: the next shares them up to its common prefix.
  let kept = 0;
  let index = from;
  while (index < to) {
    let shared: number;
    let length: number;
    if (index === from) {
      const first = words[from] as string;
      for (let c = 0; c < Math.min(first.length, MAX_LENGTH); c++) word[c] = first.charCodeAt(c);
      shared = 0;
      length = first.length;
    } else {
      const own = starts[index] as number;
      const before = common[index] as number;
      length = before + (starts[index + 1] as number) - own;
      for (let c = before; c < Math.min(length, MAX_LENGTH); c++) word[c] = chars[own + c - before] as number;
      shared = Math.min(before, kept);
    }
    if (length > MAX_LENGTH) {
      kept = shared;
      index++;
      continue;
    }
    let prunedAt = -1;
    for (let i = shared + 1; i <= length; i++) {
      const row = i * width;
      const above = row - width;
      const char = word[i - 1] as number;
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
        if (i > 1 && j > 1 && char === target.charCodeAt(j - 2) && word[i - 2] === target.charCodeAt(j - 1)) {
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
    if (prunedAt >= 0) {
      // No word starting with these characters can come within the limit: the words after this
      // one that share them are passed over.
      kept = prunedAt;
      index++;
      while (index < to && (common[index] as number) >= prunedAt) index++;
      continue;
    }
    kept = length;
    const distance = rows[length * width + target.length] as number;
    if (distance <= maxDistance) found(index, distance);
    index++;
  }
}
