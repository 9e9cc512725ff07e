/** What a document reader gives of a document, before it becomes a page (read-document.ts). */
export interface DocumentText {
  /** The title its metadata names; '' when none (the page's title then comes from its text). */
  title: string;
  headings: string[];
  /** Its text, lines separated by '\n' (the first non-empty line can be its title). */
  text: string;
  /** The language its metadata names ('' when none), as written. */
  language: string;
  /** How many pages it has, when the format has pages (PDF); null otherwise. */
  pages: number | null;
}

/** A document the crawler will not index; its message is the reason, in plain words, for the report. */
export class DocumentRefusal extends Error {}
