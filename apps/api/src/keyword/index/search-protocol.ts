import type { BackendQuery } from '../backend.ts';
import type { IndexData } from './index-data.ts';

/** What a search thread is asked (threaded-backend.ts): by generation key (`keyText`). */
export type SearchCall =
  | { op: 'add'; key: string; data: IndexData }
  | { op: 'drop'; key: string }
  | { op: 'search'; key: string; query: BackendQuery }
  | { op: 'explain'; key: string; query: BackendQuery }
  | { op: 'lookup'; key: string; urls: readonly string[] }
  | { op: 'suggest'; key: string; words: readonly string[]; limit: number };

export type SearchMessage = SearchCall & { id: number };

export type SearchReply = { id: number; value: unknown } | { id: number; error: string };
