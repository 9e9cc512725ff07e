import { addSiteUrl, type SearchEngine, toCrawlUrl, validateEngineName } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { ApiKeyRefusedError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { resolveAccountOrOnly } from '../accounts/resolve-account.ts';
import { optionalString, requiredString, stringList } from '../parse.ts';
import { defaultCrawlerSettings, readCrawlerFile } from './crawler-file.ts';
import { clientOf } from './resolve-engine.ts';

export interface CreateKeywordOptions {
  name: string;
  /** An account id or exact name; optional when the caller has exactly one account. */
  account: string | undefined;
  /** The start URLs, checked with the crawler step's rule (duplicates merged). */
  urls: string[];
  config: string | undefined;
}

/** Adds URLs with the wizard's rule: an invalid one is a usage error; a duplicate is merged. */
function addUrls(urls: readonly string[], more: readonly string[], from: string): string[] {
  let list = [...urls];
  for (const url of more) {
    const added = addSiteUrl(list, url);
    if (!added.ok) throw new UsageError(`${from} '${url}': ${added.error}`);
    list = added.value;
  }
  return list;
}

export function parse(input: ParseInput): CreateKeywordOptions {
  const name = requiredString(input, 'name').trim();
  const problem = validateEngineName(name);
  if (problem) throw new UsageError(problem);
  const urls = addUrls([], stringList(input, 'url'), '--url');
  if (urls.length === 0) throw new UsageError('--url is required: the site to crawl (repeat it for more).');
  return { name, account: optionalString(input, 'account'), urls, config: optionalString(input, 'config') };
}

/**
 * Creates a keyword engine (the engine-create call with a keyword draft holding the crawler
 * settings), then its crawler (`POST datasource/crawler`, recreate), which queues the start URLs.
 */
export async function run(deps: ApiDeps, options: CreateKeywordOptions): Promise<void> {
  const { api, output } = deps;
  if (deps.auth === 'apiKey') {
    throw new ApiKeyRefusedError('create keyword engines');
  }
  // The local file is checked before anything is sent.
  const settings = options.config ? await readCrawlerFile(options.config) : defaultCrawlerSettings();
  const urls = addUrls(options.urls, settings.urls, `${options.config} urls`);
  const accountId = (await resolveAccountOrOnly(api, options.account)).id;

  // The same create run again (a retried CI step) answers with the engine the first run made, as
  // `engines create parametric` does with the same file, rather than making a second engine of
  // that name (which every later name lookup would find ambiguous) and a second crawl of the sites.
  // Decision: a keyword engine is the same when its account, name and start sites are; like the
  // parametric retry, it changes nothing (a changed --config is not applied: say so on stderr).
  const earlier = await engineOfEarlierRun(api, accountId, options.name, urls);
  if (earlier) {
    const client = await clientOf(api, earlier);
    output.info(
      `${options.name} was already created with these sites by an earlier run (${earlier.id}): nothing changed. \`siteseer crawl start ${earlier.id}\` crawls it again.`,
    );
    if (output.json)
      output.printJson({
        engineId: earlier.id,
        clientId: client.id,
        name: options.name,
        accountId,
        urls: earlier.urls ?? urls,
        queued: 0,
      });
    else output.line(earlier.id);
    return;
  }

  const created = expectOk(
    await api.engines.create({
      ...settings,
      urls,
      searchEngineType: 'kw',
      accountId,
      searchEngineName: options.name,
    }),
    'Creating the engine',
  );
  const engineId = created.documentId;
  const { origin: _origin, customTags: _customTags, ...crawlerFields } = settings;
  const answer = await api.crawler.create({ ...crawlerFields, urls, accountId, engineId, recreate: true });
  if (!answer.ok) {
    // The engine exists: say so, and how to make its crawler, before the error itself.
    output.warn(
      `Created keyword engine ${options.name} (${engineId}), but not its crawler: \`siteseer crawl start ${engineId}\` makes it.`,
    );
  }
  const crawler = expectOk(answer, 'Creating the crawler');

  if (output.json) {
    output.printJson({
      engineId,
      clientId: created.clientId,
      name: options.name,
      accountId,
      urls,
      queued: crawler.queued,
    });
    return;
  }
  output.success(`Created keyword engine ${options.name} (${engineId}).`);
  output.info(
    `Crawler created: ${crawler.queued} start URL(s) queued. See \`siteseer crawl report ${engineId}\`.`,
  );
  output.line(engineId);
}

/** A site as the crawler reads it, so that `docs.test` and `https://docs.test/` are one site. */
function siteKey(url: string): string {
  return toCrawlUrl(url) ?? url.trim();
}

/** The one keyword engine of the account with this name and exactly these start sites, if any. */
async function engineOfEarlierRun(
  api: ApiDeps['api'],
  accountId: string,
  name: string,
  urls: readonly string[],
): Promise<SearchEngine | undefined> {
  const wanted = [...new Set(urls.map(siteKey))].sort();
  const same = expectOk(await api.engines.list({}), 'Listing engines').filter((engine) => {
    if (engine.accountId !== accountId || engine.searchEngineType !== 'kw') return false;
    if (engine.searchEngineName !== name) return false;
    const sites = [...new Set((engine.urls ?? []).map(siteKey))].sort();
    return sites.length === wanted.length && sites.every((site, index) => site === wanted[index]);
  });
  return same.length === 1 ? same[0] : undefined;
}

export const command = apiCommand({ parse, run });
