/** What separates the words of a query, a title or a blocked term: anything but letters and digits. */
const BETWEEN_WORDS = /[^\p{L}\p{N}]+/u;

/**
 * The words of a text as suggestions compare them: lower case, NFC, split at anything that is not
 * a letter or a digit ("c++ tips" and "C tips" share their words; so do "e-mail" and "e mail").
 */
export function suggestionWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(BETWEEN_WORDS)
    .filter((word) => word !== '');
}
