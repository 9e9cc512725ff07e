import type { CharacterMapping } from '@siteseer/core';
import type { QuerySlot } from '../backend.ts';
import type { PageText } from '../runtime/page-rows.ts';

/**
 * A search's results to show, in order. Each page's text is given decoded (`texts`), or as the
 * bytes of its stored records (`records`: page-text-record.ts, record i ending at `ends[i]`), which
 * the worker is sent as they were read and decodes itself.
 */
export interface ShowRequest {
  pages:
    | { kind: 'texts'; texts: readonly PageText[] }
    | { kind: 'records'; bytes: Uint8Array; ends: readonly number[] };
  /** Per page, the indexed terms it matched (marked); null: the query's own words (a pinned page). */
  terms: readonly (readonly string[] | null)[];
  slots: readonly QuerySlot[];
  /** The engine's character mapping: terms are found in the mapped text, marks land on the original. */
  mappings: readonly CharacterMapping[];
  /** Characters of a snippet at most (the install page's description size). */
  size: number;
}

/** What a result shows of its page: the original title and the snippet (HTML). */
export interface ShownPage {
  title: string;
  snippet: string;
}

/** A search's results, sent to the snippet worker in one message. */
export interface ShowMessage extends ShowRequest {
  id: number;
}

/** The worker's answer: the pages in the request's order, or why it could not show them. */
export type ShowReply = { id: number; shown: ShownPage[] } | { id: number; error: string };
