/**
 * The bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). In text
 * a crawled page or a visitor wrote, they reorder what is shown: a title `\u202Emoc.elpmaxe` reads
 * "example.com", and an override left open runs on into the text after it. The marks (U+200E,
 * U+200F, U+061C) stay: they only nudge the characters next to them and cannot reverse a run.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text without bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069): for text from pages or visitors wherever it is shown or exported.
 */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
