import type { SearchEngine } from '@siteseer/core';
import { SearchNotFoundError, SearchRefusedError } from '@siteseer/core/api/errors';
import {
  ALL_TAB,
  KEYWORD_PAGE_MAX,
  KEYWORD_PAGE_SIZE_MAX,
  KEYWORD_QUERY_MAX,
} from '@siteseer/core/domain/keyword-search';
import { SEARCH_PAGE_SIZE_MAX } from '@siteseer/core/domain/search';
import { type ParseInput, type SearchDeps, searchCommand } from '../../deps.ts';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, optionalPositiveInt, optionalString } from '../parse.ts';
import type { EngineLookup } from './engine-lookups.ts';
import { explainTable } from './keyword-explain.ts';
import { keywordJson, keywordLines, summaryLine } from './keyword-results.ts';
import { parametricJson, parametricTable } from './parametric-results.ts';
import { terminalText } from './terminal-text.ts';

// Only what a search with a kept look-up needs is imported here: core's search modules, not its
// index. Looking an engine up (core's portal client, every call contract) is imported when needed.

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

/** The public search answered 404 for a client just looked up: nothing of it is published yet. */
async function nothingPublished(engine: SearchEngine, options: SearchOptions): Promise<AbortError> {
  const ref = engineArgs(options);
  if (engine.searchEngineType === 'kw') {
    return new AbortError(`'${engine.searchEngineName}' has nothing published to search yet.`, {
      hint: `Search answers once a crawl is published: follow it with \`siteseer crawl watch ${ref}\`.`,
    });
  }
  const { publishCommand } = await import('../engines/resolve-engine.ts');
  return new AbortError(`'${engine.searchEngineName}' has no published version to search yet.`, {
    hint: `Publish one with \`${publishCommand(engine, ref)}\`.`,
  });
}

async function searchKeyword(deps: SearchDeps, engine: EngineLookup, options: SearchOptions): Promise<void> {
  const { output, search } = deps;
  const tab = options.tab ?? ALL_TAB;
  if (options.tab !== undefined) {
    // The tab is checked against the engine's own, so a typo is named rather than answered with nothing.
    const config = await search.config(engine.clientId);
    const names = config.type === 'kw' ? config.tabs.map((t) => t.name.toLowerCase()) : [];
    if (!names.includes(tab)) {
      throw new UsageError(
        `'${engine.engineName}' has no tab '${options.tab}': its tabs are ${names.join(', ')}.`,
      );
    }
  }
  const result = await search.keyword(engine.clientId, {
    q: options.query,
    tab,
    page: options.page,
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    ...(options.noAutoCorrect ? { autoCorrect: false } : {}),
  });
  if (output.json || !output.stdoutIsTTY) {
    output.printJson(keywordJson(result));
    return;
  }
  const view = { style: output.style.bind(output), width: output.width };
  for (const line of keywordLines(result, { q: options.query, tab }, view)) output.line(line);
}

async function searchParametric(
  deps: SearchDeps,
  engine: EngineLookup,
  options: SearchOptions,
): Promise<void> {
  const { output, search } = deps;
  // Both at once: one round trip. The configuration names the columns the rows are printed by.
  const [config, result] = await Promise.all([
    search.config(engine.clientId),
    search.query(engine.clientId, {
      q: options.query,
      page: options.page,
      ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    }),
  ]);
  if (config.type !== 'pm') {
    throw new AbortError(`The search of '${engine.engineName}' answered as a keyword engine's.`);
  }
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

/** Option checks that need the engine's kind, before any search call. */
function checkOptions(engine: Pick<EngineLookup, 'engineName' | 'engineType'>, options: SearchOptions): void {
  if (engine.engineType === 'pm' && options.tab !== undefined) {
    throw new UsageError(
      `--tab is for keyword engines: '${engine.engineName}' is a parametric engine, which has no tabs.`,
    );
  }
  if (engine.engineType === 'kw' && !options.explain && options.page > KEYWORD_PAGE_MAX) {
    throw new UsageError(`--page is at most ${KEYWORD_PAGE_MAX} for a keyword engine (got ${options.page}).`);
  }
  if (options.explain && engine.engineType !== 'kw') {
    throw new UsageError(
      `--explain is for keyword engines: '${engine.engineName}' is a parametric engine, which ranks by no score.`,
    );
  }
}

/** The public search of the engine's client: keyword results or parametric rows, printed. */
function searchEngine(deps: SearchDeps, engine: EngineLookup, options: SearchOptions): Promise<void> {
  checkOptions(engine, options);
  return engine.engineType === 'kw'
    ? searchKeyword(deps, engine, options)
    : searchParametric(deps, engine, options);
}

/** ENGINE looked up through the portal API (a person's credentials), the options checked against it. */
async function resolve(deps: SearchDeps, options: SearchOptions): Promise<SearchEngine> {
  const { resolveEngine } = await import('../engines/resolve-engine.ts');
  const engine = await resolveEngine(await deps.api(), options.engine, {
    account: options.account,
    auth: deps.auth,
  });
  // Before the client is read: a usage error sends no more calls.
  checkOptions({ engineName: engine.searchEngineName, engineType: engine.searchEngineType }, options);
  return engine;
}

/** What a search needs of an engine: it and its client's id (`GET clients?engineIds=`). */
async function lookupOf(deps: SearchDeps, engine: SearchEngine): Promise<EngineLookup> {
  const { clientOf } = await import('../engines/resolve-engine.ts');
  const client = await clientOf(await deps.api(), engine);
  return {
    engineId: engine.id,
    engineName: engine.searchEngineName,
    engineType: engine.searchEngineType,
    accountId: engine.accountId,
    clientId: client.id,
  };
}

/** A kept look-up that no longer reaches its engine: its client is gone (404) or refused (401). */
function isStale(error: unknown): boolean {
  return (
    error instanceof SearchNotFoundError || (error instanceof SearchRefusedError && error.status === 401)
  );
}

/**
 * A keyword engine's results with their scores taken apart: the portal API's explain call (a
 * member of the engine's account), which ranks as the public search does.
 */
async function explainKeyword(deps: SearchDeps, engine: SearchEngine, options: SearchOptions): Promise<void> {
  const { output } = deps;
  const api = await deps.api();
  const response = await api.engines.explain(engine.id, {
    accountId: engine.accountId,
    q: options.query,
    ...(options.tab === undefined ? {} : { tab: options.tab }),
    page: options.page,
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
  });
  // The engine was just found: a 404 says its crawl is not published yet.
  if (!response.ok && response.status === 404) throw await nothingPublished(engine, options);
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
 *
 * The look-up of ENGINE (engines list, then the client: two portal calls) is kept after a search
 * that answered, so the next search of the same ENGINE sends the search alone. A kept look-up
 * whose client answers 404 or 401 is dropped, looked up again and searched once more.
 */
export async function run(deps: SearchDeps, options: SearchOptions): Promise<void> {
  if (options.explain) {
    await explainKeyword(deps, await resolve(deps, options), options);
    return;
  }
  const kept = await deps.lookups.get(options.engine, options.account);
  if (kept) {
    try {
      await searchEngine(deps, kept, options);
      return;
    } catch (error) {
      if (!isStale(error)) throw error;
      deps.output.debug(`The client kept for '${options.engine}' no longer answers: looking it up again.`);
      await deps.lookups.forget(options.engine, options.account);
    }
  }
  const engine = await resolve(deps, options);
  const lookup = await lookupOf(deps, engine);
  try {
    await searchEngine(deps, lookup, options);
  } catch (error) {
    if (error instanceof SearchNotFoundError) throw await nothingPublished(engine, options);
    throw error;
  }
  await deps.lookups.put(options.engine, options.account, lookup);
}

export const command = searchCommand({ parse, run });
