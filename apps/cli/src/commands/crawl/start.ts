import { addSiteUrl, CreateCrawlerBody } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, optionalString } from '../parse.ts';
import { keywordSettingsOf, resolveKeywordEngine } from './keyword-engine.ts';

export interface StartOptions {
  engine: string;
  account: string | undefined;
  /** A new site to crawl (PUT datasource/crawler); absent: restart with the engine's settings. */
  url: string | undefined;
}

export function parse(input: ParseInput): StartOptions {
  const url = optionalString(input, 'url')?.trim();
  if (url !== undefined) {
    const checked = addSiteUrl([], url);
    if (!checked.ok) throw new UsageError(`--url '${url}': ${checked.error}`);
  }
  return { engine: argument(input, 0, 'ENGINE'), account: optionalString(input, 'account'), url };
}

/**
 * With --url, as the portal's wizard does for a site added on edit: the site joins the engine's
 * URLs (engine update) and `PUT datasource/crawler` crawls it (now and on every re-crawl). Without:
 * `POST datasource/crawler` (recreate false) with the engine's own crawler settings, which resumes a
 * stopped crawl (Interrupted URLs are queued again) and queues start URLs not known yet; the
 * frontier is kept.
 */
export async function run(deps: ApiDeps, options: StartOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const target = { accountId: engine.accountId, engineId: engine.id };
  const settings = keywordSettingsOf(engine);
  let queued: number;
  if (options.url !== undefined) {
    const added = addSiteUrl(settings.urls, options.url);
    if (added.ok && added.value.length > settings.urls.length) {
      expectOk(
        await api.engines.update(engine.id, {
          ...settings,
          urls: added.value,
          searchEngineType: 'kw',
          id: engine.id,
          accountId: engine.accountId,
          searchEngineName: engine.searchEngineName,
        }),
        'Adding the site to the engine',
      );
    }
    queued = expectOk(await api.crawler.start({ ...target, site: options.url }), 'Starting the crawl').queued;
  } else {
    // Core's body schema keeps the crawler's fields of the settings (no tabs, origin, custom tags...).
    const body = CreateCrawlerBody.parse({ ...settings, ...target, recreate: false });
    queued = expectOk(await api.crawler.create(body), 'Starting the crawl').queued;
  }
  if (output.json) {
    output.printJson({
      engineId: engine.id,
      name: engine.searchEngineName,
      site: options.url ?? null,
      queued,
    });
    return;
  }
  const what = options.url ? `${options.url} of ${engine.searchEngineName}` : engine.searchEngineName;
  output.success(`Crawl started for ${what}: ${queued} URL(s) queued.`);
}

export const command = apiCommand({ parse, run });
