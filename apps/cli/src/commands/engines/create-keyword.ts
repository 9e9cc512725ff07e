import { addSiteUrl, validateEngineName } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { ApiKeyRefusedError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { resolveAccountOrOnly } from '../accounts/resolve-account.ts';
import { optionalString, requiredString, stringList } from '../parse.ts';
import { defaultCrawlerSettings, readCrawlerFile } from './crawler-file.ts';

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

export const command = apiCommand({ parse, run });
