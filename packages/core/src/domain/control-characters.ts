/** Control characters (Unicode category Cc: U+0000–U+001F and U+007F–U+009F). */
const CONTROL = /\p{Cc}/u;
const CONTROLS = /\p{Cc}/gu;
/** The control characters that separate words where they are typed (tab, line breaks, separators). */
const SEPARATING = '\t\n\v\f\r\u001c\u001d\u001e\u001f\u0085';

/** Whether the text holds a control character (U+0000–U+001F, U+007F–U+009F). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * The text without control characters: those that separate words (tab, line breaks) become a
 * space, so `a\tb` stays two words; the others (NUL, escape...) are removed.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROLS, (control) => (SEPARATING.includes(control) ? ' ' : ''));
}
