import type { UrlInspection } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import type { Output } from '../../output/output.ts';
import { argument, optionalString } from '../parse.ts';
import { resolveKeywordEngine } from './keyword-engine.ts';

export interface InspectOptions {
  engine: string;
  url: string;
  account: string | undefined;
}

export function parse(input: ParseInput): InspectOptions {
  return {
    engine: argument(input, 0, 'ENGINE'),
    url: argument(input, 1, 'URL'),
    account: optionalString(input, 'account'),
  };
}

/**
 * `POST datasource/crawler/inspect`: "why is this page not in my search?". The server fetches the
 * URL now as the engine's crawler would and explains each step; nothing is stored. --json prints
 * the answer as it is; otherwise the reasons first, then a line per step.
 */
export async function run(deps: ApiDeps, options: InspectOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const inspection = expectOk(
    await api.crawler.inspect({ accountId: engine.accountId, engineId: engine.id, url: options.url }),
    'Inspecting the URL',
  );
  if (output.json) {
    output.printJson(inspection);
    return;
  }
  printInspection(output, inspection);
}

/** The inspection for people: verdict and reasons, then each step the crawler took. */
export function printInspection(output: Output, inspection: UrlInspection): void {
  const verdict = inspection.indexable
    ? output.style('green', 'indexable')
    : output.style('red', 'not indexable');
  output.line(`${output.style('bold', inspection.url)}: ${verdict}`);
  for (const reason of inspection.reasons) output.line(`  ${output.style('red', '✗')} ${reason}`);
  for (const note of inspection.notes) output.line(`  - ${note}`);
  output.line();
  output.details(steps(inspection));
}

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');

function steps(i: UrlInspection): [string, string | number | null][] {
  return [
    ['Scope', scopeText(i)],
    ['robots.txt', robotsText(i)],
    ['Fetch', fetchText(i)],
    ...i.redirects.map((hop): [string, string] => ['Redirect', `${hop.status} ${hop.url} → ${hop.location}`]),
    ['Canonical', i.canonical],
    [
      'Noindex',
      i.noindex
        ? `yes (${i.noindexSource === 'header' ? 'X-Robots-Tag header' : 'robots meta tag'})`
        : yesNo(i.noindex),
    ],
    ['Nofollow', yesNo(i.nofollow)],
    ['Content', contentText(i)],
    ['Title', i.title],
    ['Words', i.wordCount],
    ['Excerpt', i.excerpt],
    ['Duplicate of', i.duplicateOf],
    ['Published', publishedText(i)],
  ];
}

function scopeText({ scope }: UrlInspection): string {
  if (!scope.inScope)
    return scope.filter ? `left out by the URL filter ${scope.filter}` : 'outside the crawl';
  const filter = scope.filter ? `, URL filter ${scope.filter}` : '';
  return `in the crawl (site ${scope.site ?? '?'}${filter})`;
}

function robotsText({ robots }: UrlInspection): string | null {
  if (robots === null) return null;
  const verdict = robots.allowed ? 'allowed' : 'disallowed';
  if (robots.rule !== null) return `${verdict} by line ${robots.line}: ${robots.rule}`;
  if (robots.state === 'absent') return `${verdict} (no robots.txt)`;
  if (robots.state === 'unreachable') return `${verdict} (robots.txt could not be read)`;
  return `${verdict} (no rule matches)`;
}

function fetchText(i: UrlInspection): string | null {
  if (!i.fetched) return 'not fetched';
  if (i.fetchError !== null) return `failed: ${i.fetchError}`;
  return [`HTTP ${i.status}`, i.contentType].filter((part) => part !== null).join(', ');
}

function contentText(i: UrlInspection): string {
  const target = i.contentTarget === '' ? 'the whole page' : `target ${i.contentTarget}`;
  return i.excludeTargets.length === 0 ? target : `${target}, excluding ${i.excludeTargets.join(', ')}`;
}

function publishedText(i: UrlInspection): string {
  const page = i.publication;
  if (!i.inPublishedCrawl || page === null) return 'no';
  const position =
    page.query === ''
      ? 'no title to search for'
      : page.position === null
        ? `not in the first 100 results for "${page.query}"`
        : `position ${page.position} for "${page.query}"`;
  return `yes, as ${page.url} since ${formatDate(page.since)} UTC; ${position}`;
}

export const command = apiCommand({ parse, run });
