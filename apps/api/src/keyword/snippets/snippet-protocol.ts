import type { SnippetOptions } from './build-snippet.ts';

/** One snippet to build: a page's text and what to mark in it (see buildSnippet). */
export interface SnippetJob {
  body: string;
  options: SnippetOptions;
}

/** A search's snippets, sent to the snippet worker in one message. */
export interface SnippetRequest {
  id: number;
  jobs: readonly SnippetJob[];
}

/** The worker's answer: the snippets in the jobs' order, or why it could not build them. */
export type SnippetReply = { id: number; snippets: string[] } | { id: number; error: string };
