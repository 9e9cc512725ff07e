import type { CharacterMapping, PageType } from '@siteseer/core';
import type { QuerySlot } from '../backend.ts';
import type { PageText } from './page-text.ts';

/**
 * A search's results to show, in order. Each page's text is given decoded (`texts`), or as the
 * place of its stored record in the generation's page-text file (`file`: its descriptor, and an
 * offset and a length per page, page-text-file.ts), leased for the time of the request: whichever
 * thread shows them reads and decodes them, so the event loop neither reads nor copies them.
 */
export interface ShowRequest {
  pages:
    | { kind: 'texts'; texts: readonly PageText[] }
    | { kind: 'file'; fd: number; places: readonly number[] };
  /** Per page, the indexed terms it matched (marked); null: the query's own words (a pinned page). */
  terms: readonly (readonly string[] | null)[];
  slots: readonly QuerySlot[];
  /** The engine's character mapping: terms are found in the mapped text, marks land on the original. */
  mappings: readonly CharacterMapping[];
  /** Characters of a snippet at most (the install page's description size). */
  size: number;
}

/** What a result shows of its page: the original title, the snippet (HTML) and its type. */
export interface ShownPage {
  title: string;
  snippet: string;
  type: PageType;
}

/** A search's results, sent to the snippet worker in one message. */
export interface ShowMessage extends ShowRequest {
  id: number;
}

/** The worker's answer: the pages in the request's order, or why it could not show them. */
export type ShowReply = { id: number; shown: ShownPage[] } | { id: number; error: string };
