import { type CrawlPublication, crawlHeldSentence, type SearchEngine } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, optionalString } from '../parse.ts';
import { resolveKeywordEngine } from './keyword-engine.ts';

export interface PublishOptions {
  engine: string;
  account: string | undefined;
  /** Publish even a crawl the 10 % guard held back. */
  force: boolean;
}

export function parse(input: ParseInput): PublishOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    force: flag(input, 'force'),
  };
}

/** Why the latest crawl was not published, and the command that publishes it anyway (`crawl report` says it too). */
export function heldNotice(engine: SearchEngine, publication: CrawlPublication): string {
  const sentence = crawlHeldSentence(publication.latestPages ?? 0, publication.publishedPages);
  return `${sentence} Publish it anyway with \`siteseer crawl publish ${engine.id} --force\`.`;
}

/**
 * `POST datasource/crawler/publish`: the latest finished crawl becomes what search answers from.
 * A crawl the 10 % guard held back is published only with --force, so a script cannot switch to a
 * crawl that lost pages by accident; without it the command exits 1 saying why.
 */
export async function run(deps: ApiDeps, options: PublishOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const target = { accountId: engine.accountId, engineId: engine.id };
  if (!options.force) {
    const report = expectOk(await api.crawler.report({ ...target, resultSize: 1 }), 'Reading the crawl');
    if (report.publication?.held) {
      throw new AbortError(heldNotice(engine, report.publication));
    }
  }
  const published = expectOk(await api.crawler.publish(target), 'Publishing the crawl');
  if (output.json) {
    output.printJson({ name: engine.searchEngineName, ...published });
    return;
  }
  output.success(
    `Crawl ${published.runId} of ${engine.searchEngineName} published: ${published.pages.toLocaleString('en-US')} pages (the previous one had ${published.previousPages.toLocaleString('en-US')}).`,
  );
}

export const command = apiCommand({ parse, run });
