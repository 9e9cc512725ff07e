import {
  ALL_TAB,
  KEYWORD_PAGE_MAX,
  KEYWORD_PAGE_SIZE_MAX,
  KEYWORD_QUERY_MAX,
  SEARCH_PAGE_SIZE_MAX,
  type SearchEngine,
  SearchNotFoundError,
} from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { clientOf, publishCommand, resolveEngine } from '../engines/resolve-engine.ts';
import { argument, flag, optionalPositiveInt, optionalString } from '../parse.ts';
import { explainTable } from './keyword-explain.ts';
import { keywordJson, keywordLines, summaryLine } from './keyword-results.ts';
import { parametricJson, parametricTable } from './parametric-results.ts';
import { terminalText } from './terminal-text.ts';

export interface SearchOptions {
  engine: string;
  /** The words searched for ('' lists everything a parametric engine has). */
  query: string;
  account: string | undefined;
  /** A keyword engine's tab, lowercased as the server stores tab names. */
  tab: string | undefined;
  page: number;
  /** Undefined: the engine kind's default (10 keyword results, 20 parametric rows). */
  pageSize: number | undefined;
  /** Each keyword result's score taken apart (the portal API's explain call, for the account's members). */
  explain?: true;
  /** A keyword query that finds nothing is searched as typed, not answered with its correction. */
  noAutoCorrect?: true;
}

const PAGE_SIZE_MAX = Math.min(KEYWORD_PAGE_SIZE_MAX, SEARCH_PAGE_SIZE_MAX);

/** QUERY may be several words (`siteseer search Docs crawl loop`): they are searched as one query. */
function queryOf(input: ParseInput): string {
  const value = input.args[1];
  const words = Array.isArray(value) ? value : [value];
  if (!words.every((word) => typeof word === 'string')) throw new UsageError('QUERY is required.');
  return words.join(' ').trim();
}

export function parse(input: ParseInput): SearchOptions {
  const query = queryOf(input);
  if (query.length > KEYWORD_QUERY_MAX) {
    throw new UsageError(`QUERY is at most ${KEYWORD_QUERY_MAX} characters (got ${query.length}).`);
  }
  const tab = optionalString(input, 'tab')?.trim().toLowerCase();
  if (tab === '') throw new UsageError('--tab needs a tab name.');
  const pageSize = optionalPositiveInt(input, 'pageSize');
  if (pageSize !== undefined && pageSize > PAGE_SIZE_MAX) {
    throw new UsageError(`--page-size is at most ${PAGE_SIZE_MAX} (got ${pageSize}).`);
  }
  return {
    engine: argument(input, 0, 'ENGINE'),
    query,
    account: optionalString(input, 'account'),
    tab,
    page: optionalPositiveInt(input, 'page') ?? 1,
    pageSize,
    ...(flag(input, 'explain') ? { explain: true as const } : {}),
    // Commander reads --no-auto-correct as autoCorrect: false (true by default).
    ...(input.opts.autoCorrect === false ? { noAutoCorrect: true as const } : {}),
  };
}

/** Shell-quotes an engine reference for a command the user may copy. */
const quoted = (text: string) => (/^[\w.-]+$/.test(text) ? text : `"${text.replaceAll('"', '\\"')}"`);

/** The engine as the user named it, for a command to copy. */
function engineArgs(options: SearchOptions): string {
  return `${quoted(options.engine)}${options.account ? ` --account ${quoted(options.account)}` : ''}`;
}

/** The public search answered 404: nothing of the engine is published yet. */
function nothingPublished(engine: SearchEngine, options: SearchOptions): AbortError {
  const ref = engineArgs(options);
  return engine.searchEngineType === 'kw'
    ? new AbortError(`'${engine.searchEngineName}' has nothing published to search yet.`, {
        hint: `Search answers once a crawl is published: follow it with \`siteseer crawl watch ${ref}\`.`,
      })
    : new AbortError(`'${engine.searchEngineName}' has no published version to search yet.`, {
        hint: `Publish one with \`${publishCommand(engine, ref)}\`.`,
      });
}

/** A public search call, its 404 turned into what the user can do about it. */
async function published<T>(
  engine: SearchEngine,
  options: SearchOptions,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SearchNotFoundError) throw nothingPublished(engine, options);
    throw error;
  }
}

async function searchKeyword(
  deps: ApiDeps,
  engine: SearchEngine,
  clientId: string,
  options: SearchOptions,
): Promise<void> {
  const { output, search } = deps;
  if (options.page > KEYWORD_PAGE_MAX) {
    throw new UsageError(`--page is at most ${KEYWORD_PAGE_MAX} for a keyword engine (got ${options.page}).`);
  }
  const tab = options.tab ?? ALL_TAB;
  if (options.tab !== undefined) {
    // The tab is checked against the engine's own, so a typo is named rather than answered with nothing.
    const config = await published(engine, options, () => search.config(clientId));
    const names = config.type === 'kw' ? config.tabs.map((t) => t.name.toLowerCase()) : [];
    if (!names.includes(tab)) {
      throw new UsageError(
        `'${engine.searchEngineName}' has no tab '${options.tab}': its tabs are ${names.join(', ')}.`,
      );
    }
  }
  const result = await published(engine, options, () =>
    search.keyword(clientId, {
      q: options.query,
      tab,
      page: options.page,
      ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
      ...(options.noAutoCorrect ? { autoCorrect: false } : {}),
    }),
  );
  if (output.json || !output.stdoutIsTTY) {
    output.printJson(keywordJson(result));
    return;
  }
  const view = { style: output.style.bind(output), width: output.width };
  for (const line of keywordLines(result, { q: options.query, tab }, view)) output.line(line);
}

async function searchParametric(
  deps: ApiDeps,
  engine: SearchEngine,
  clientId: string,
  options: SearchOptions,
): Promise<void> {
  const { output, search } = deps;
  const config = await published(engine, options, () => search.config(clientId));
  if (config.type !== 'pm') {
    throw new AbortError(`The search of '${engine.searchEngineName}' answered as a keyword engine's.`);
  }
  const result = await published(engine, options, () =>
    search.query(clientId, {
      q: options.query,
      page: options.page,
      ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    }),
  );
  if (output.json || !output.stdoutIsTTY) {
    output.printJson(parametricJson(config, result));
    return;
  }
  const table = parametricTable(config, result);
  if (result.rows.length === 0) {
    output.line(
      result.total === 0
        ? 'No rows match.'
        : `No rows on page ${result.page}: the last page is ${Math.ceil(result.total / result.pageSize)}.`,
    );
  } else output.table(table.head, table.rows);
  output.line(output.style('dim', summaryLine(result.total, result.took, result.page, result.pageSize)));
}

/**
 * A keyword engine's results with their scores taken apart: the portal API's explain call (a
 * member of the engine's account), which ranks as the public search does.
 */
async function explainKeyword(deps: ApiDeps, engine: SearchEngine, options: SearchOptions): Promise<void> {
  const { output } = deps;
  const response = await deps.api.engines.explain(engine.id, {
    accountId: engine.accountId,
    q: options.query,
    ...(options.tab === undefined ? {} : { tab: options.tab }),
    page: options.page,
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
  });
  // The engine was just found: a 404 says its crawl is not published yet.
  if (!response.ok && response.status === 404) throw nothingPublished(engine, options);
  const result = expectOk(response, `Explaining the search of '${engine.searchEngineName}'`);
  if (output.json || !output.stdoutIsTTY) {
    output.printJson(result);
    return;
  }
  const table = explainTable(result);
  output.table(table.head, table.rows, `No results for "${options.query}".`);
  output.line(
    output.style('dim', "Score = the terms' sum × held share × boost × title × proximity × links (–: 1)."),
  );
  // The explain ranks the query as typed, even where the search answers with the correction.
  if (result.didYouMean !== undefined)
    output.line(`Did you mean ${output.style('bold', `"${terminalText(result.didYouMean.trim())}"`)}?`);
}

/**
 * Searches an engine as a visitor of the customer's site would: its client's public search
 * (`/search/{clientId}/...`), keyword results or parametric rows of the published version.
 */
export async function run(deps: ApiDeps, options: SearchOptions): Promise<void> {
  const engine = await resolveEngine(deps.api, options.engine, { account: options.account, auth: deps.auth });
  if (engine.searchEngineType === 'pm' && options.tab !== undefined) {
    throw new UsageError(
      `--tab is for keyword engines: '${engine.searchEngineName}' is a parametric engine, which has no tabs.`,
    );
  }
  if (options.explain) {
    if (engine.searchEngineType !== 'kw') {
      throw new UsageError(
        `--explain is for keyword engines: '${engine.searchEngineName}' is a parametric engine, which ranks by no score.`,
      );
    }
    await explainKeyword(deps, engine, options);
    return;
  }
  const client = await clientOf(deps.api, engine);
  if (engine.searchEngineType === 'kw') await searchKeyword(deps, engine, client.id, options);
  else await searchParametric(deps, engine, client.id, options);
}

export const command = apiCommand({ parse, run });
