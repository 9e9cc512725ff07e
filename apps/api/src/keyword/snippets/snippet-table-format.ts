/*
 * A page's words as its snippet needs them, worked out when the page is stored so that no search
 * reads the whole page for them: where each word is in the original text, which words start a
 * sentence, and the page's distinct words (normalised: its forms) with the hashes of each one and
 * of its stem and where each one is. A snippet then compares the hashes of its search's terms with
 * the page's forms (a few hundred) instead of matching every word of the page, and reads the words
 * near the hits. Layout (varints unless said):
 *
 *   text length (UTF-16 units), word count W, the width of an offset (a byte: 2 below 65,536
 *     units of text, else 4)
 *   W × [where the word starts, where it ends] in the original text (fixed width, little-endian)
 *   the number of words that start a sentence, and their word numbers (deltas)
 *   form count F, then F × 12 bytes (u32 LE): the hash of the form, of its stem (the same when
 *     the stem is the form), and where the form's record is (from the first record)
 *   F records, in order of first appearance: the form's number of words and their word numbers
 *     (deltas)
 *
 * A hash found is checked against the page's word itself (normalised, or stemmed), so a collision
 * never marks a word. A text the character mapping changes has no forms (F = 0): its words are not
 * the text's own, and it is read in full, as without a table.
 */

/** Punctuation that ends a sentence when a space follows it, closing quotes and brackets allowed. */
const SENTENCE_END = /[.!?]["'”’)\]]*\s/;

/** Whether the text between two words (`gapStart` to `gapEnd`) ends a sentence. */
export function endsSentence(text: string, gapStart: number, gapEnd: number): boolean {
  // A single space between two words is never a sentence end: skip the test for most words.
  return gapEnd - gapStart > 1 && SENTENCE_END.test(text.slice(gapStart, gapEnd));
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of a string's UTF-16 units, unsigned. */
export function keyHash(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

/** Bytes per form in the table's fixed part: its hash, its stem's, where its record is. */
export const FORM_BYTES = 12;
