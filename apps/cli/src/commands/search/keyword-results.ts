import {
  ALL_TAB,
  type KeywordSearchResult,
  type KeywordTabCount,
} from '@siteseer/core/domain/keyword-search';
import type { Style } from '../../output/output.ts';
import { snippetText, terminalText, wrap } from './terminal-text.ts';

/** What `search --json` (or piped output) prints for a keyword engine. */
export interface KeywordJson {
  total: number;
  /** In rank order; each snippet as the API gives it (HTML-escaped, `<mark>` around the matches). */
  hits: { url: string; title: string; snippet: string; pinned: boolean; position: number }[];
  tabs: KeywordTabCount[];
  page: number;
  /** A correction of the query from the engine's words, when the query found few or no results. */
  didYouMean?: string;
  /** The query typed, when the results are the correction's (auto-corrected). */
  correctedFrom?: string;
}

export function keywordJson(result: KeywordSearchResult): KeywordJson {
  const { didYouMean, correctedFrom } = result;
  return {
    total: result.total,
    hits: result.hits.map(({ url, title, snippet, pinned, position }) => ({
      url,
      title,
      snippet,
      pinned,
      position,
    })),
    tabs: result.tabs,
    page: result.page,
    ...(didYouMean === undefined ? {} : { didYouMean }),
    ...(correctedFrom === undefined ? {} : { correctedFrom }),
  };
}

/**
 * The widget's correction line: `Showing results for "…" · Search instead for "…"` when the results
 * are the correction's, `Did you mean "…"?` when it is only offered; the corrected query bold.
 */
function correctionLine(result: KeywordSearchResult, view: ViewStyle): string | undefined {
  const { didYouMean, correctedFrom } = result;
  if (didYouMean === undefined) return undefined;
  const corrected = view.style('bold', `"${terminalText(didYouMean.trim())}"`);
  if (correctedFrom === undefined) return `Did you mean ${corrected}?`;
  return `Showing results for ${corrected} · Search instead for "${terminalText(correctedFrom.trim())}" (--no-auto-correct)`;
}

/** How the terminal view is laid out and styled. */
export interface ViewStyle {
  /** Styles text when colours are on (`Output.style`), else returns it as is. */
  style: (style: Style, text: string) => string;
  /** The terminal's width in characters. */
  width: number;
}

/** `N results` with the thousands separated, singular for one. */
function resultsCount(total: number): string {
  return `${total.toLocaleString('en-US')} result${total === 1 ? '' : 's'}`;
}

/** The server's time: a decimal below 10 ms. */
function formatTook(ms: number): string {
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en-US')} ms`;
}

/** `N results (X ms) · page P of Q` (the page part when there is more than one). */
export function summaryLine(total: number, took: number, page: number, pageSize: number): string {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return `${resultsCount(total)} (${formatTook(took)})${pages > 1 || page > 1 ? ` · page ${page} of ${pages}` : ''}`;
}

/** The tabs with their counts, the chosen one in brackets (and bold); none when there is only 'all'. */
function tabsLine(tabs: readonly KeywordTabCount[], chosen: string, view: ViewStyle): string | undefined {
  if (tabs.length <= 1) return undefined;
  const shown = tabs.map((tab) => {
    const text = `${terminalText(tab.name)} ${tab.count.toLocaleString('en-US')}`;
    return tab.name === chosen ? view.style('bold', `[${text}]`) : text;
  });
  return `Tabs: ${shown.join(' · ')}`;
}

/**
 * The terminal view of one results page: the tabs, a numbered list (position, title, URL, the
 * snippet as plain text with the matched words bold), then `N results (X ms)`.
 */
export function keywordLines(
  result: KeywordSearchResult,
  query: { q: string; tab: string },
  view: ViewStyle,
): string[] {
  const lines: string[] = [];
  const correction = correctionLine(result, view);
  if (correction) lines.push(correction, '');
  const tabs = tabsLine(result.tabs, query.tab || ALL_TAB, view);
  if (tabs) lines.push(tabs, '');
  const numberWidth = String(result.hits.at(-1)?.position ?? 1).length;
  const indent = ' '.repeat(numberWidth + 2);
  const textWidth = Math.max(20, view.width - indent.length);
  for (const hit of result.hits) {
    const title = terminalText(hit.title) || '(no title)';
    const pinned = hit.pinned ? ` ${view.style('yellow', '[pinned]')}` : '';
    lines.push(`${`${hit.position}.`.padStart(numberWidth + 1)} ${view.style('bold', title)}${pinned}`);
    lines.push(`${indent}${view.style('cyan', terminalText(hit.url))}`);
    const snippet = snippetText(hit.snippet, (word) => view.style('bold', word));
    for (const line of wrap(snippet, textWidth)) lines.push(`${indent}${line}`);
    lines.push('');
  }
  if (result.hits.length === 0) {
    lines.push(
      result.total === 0
        ? `No results for "${terminalText(query.q)}".`
        : `No results on page ${result.page}: the last page is ${Math.ceil(result.total / result.pageSize)}.`,
    );
  }
  lines.push(view.style('dim', summaryLine(result.total, result.took, result.page, result.pageSize)));
  return lines;
}
