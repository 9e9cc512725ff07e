import {
  type CrawlPublication,
  type CrawlReportResponse,
  crawlHeldSentence,
  type SearchEngine,
} from '@siteseer/core';
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

const pagesText = (pages: number) => `${pages.toLocaleString('en-US')} page${pages === 1 ? '' : 's'}`;

/** The latest crawl, finished and already the published one: publishing it again changes nothing. */
function alreadyPublished(report: CrawlReportResponse): CrawlPublication | undefined {
  const publication = report.publication;
  if (report.state !== 'finished' || !publication) return undefined;
  return publication.publishedRunId === publication.latestRunId ? publication : undefined;
}

/**
 * `POST datasource/crawler/publish`: the latest finished crawl becomes what search answers from.
 * A crawl the 10 % guard held back is published only with --force, so a script cannot switch to a
 * crawl that lost pages by accident; without it the command exits 1 saying why.
 *
 * Publishing the crawl that is already published is an idempotent no-op, as `crawl stop` of a
 * crawl that does not run: exit 0 saying nothing changed (a retried CI step must not fail). Only
 * "nothing to publish" (a crawl running, stopped or failed) stays exit 1. `changed` in the JSON
 * tells the two successes apart.
 */
export async function run(deps: ApiDeps, options: PublishOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const target = { accountId: engine.accountId, engineId: engine.id };
  const readReport = async () =>
    expectOk(await api.crawler.report({ ...target, resultSize: 1 }), 'Reading the crawl');
  const noChange = (publication: CrawlPublication) => {
    if (output.json) {
      output.printJson({
        name: engine.searchEngineName,
        engineId: engine.id,
        runId: publication.publishedRunId,
        pages: publication.publishedPages,
        previousPages: null,
        changed: false,
      });
      return;
    }
    output.info(
      `Crawl ${publication.publishedRunId} of ${engine.searchEngineName} is already published (${pagesText(publication.publishedPages)}): nothing changed.`,
    );
  };
  const report = await readReport();
  const current = alreadyPublished(report);
  if (current) return noChange(current);
  if (!options.force && report.publication?.held) {
    throw new AbortError(heldNotice(engine, report.publication));
  }
  const answer = await api.crawler.publish(target);
  if (!answer.ok && answer.status === 409) {
    // Published meanwhile (by the crawl finishing, or another run of this command): a no-op too.
    const published = alreadyPublished(await readReport());
    if (published) return noChange(published);
  }
  const published = expectOk(answer, 'Publishing the crawl');
  if (output.json) {
    output.printJson({ name: engine.searchEngineName, ...published, changed: true });
    return;
  }
  output.success(
    `Crawl ${published.runId} of ${engine.searchEngineName} published: ${published.pages.toLocaleString('en-US')} pages (the previous one had ${published.previousPages.toLocaleString('en-US')}).`,
  );
}

export const command = apiCommand({ parse, run });
