import {
  CRAWL_STATUS_LABELS,
  type CrawlReportResponse,
  crawlReportPaging,
  crawlReportSearch,
  crawlStateOf,
  crawlStatusCounts,
  crawlStatusLabel,
  fromIndex,
  isBrokenCrawlStatus,
  isCheckedCrawlStatus,
  LIMITS,
} from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import { safeText } from '../../output/safe-text.ts';
import { argument, flag, optionalPositiveInt, optionalString } from '../parse.ts';
import { resolveKeywordEngine } from './keyword-engine.ts';
import { heldNotice } from './publish.ts';
import { printSitemaps, sitemapsLine } from './report-sitemaps.ts';

export interface ReportOptions {
  engine: string;
  account: string | undefined;
  /** The URL filter after the spec's rule (trimmed; '' lists all). */
  searchTerm: string;
  /** A status code of the spec. */
  status: number | undefined;
  page: number;
  /** List the crawl's sitemaps (Siteseer's addition) instead of its URLs. */
  sitemaps: boolean;
}

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** A status given as its code (3) or its label, in any case, spaces or dashes ('Success', 'pending-fetch'). */
export function parseStatus(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const entries = Object.entries(CRAWL_STATUS_LABELS);
  const found = entries.find(([code, label]) => code === text.trim() || squash(label) === squash(text));
  if (!found) {
    const choices = entries.map(([code, label]) => `${code} (${label})`).join(', ');
    throw new UsageError(`--status must be a crawl status: ${choices} (got '${text}').`);
  }
  return Number(found[0]);
}

export function parse(input: ParseInput): ReportOptions {
  const filter = optionalString(input, 'filter') ?? '';
  const search = crawlReportSearch(filter);
  if (!search.search) {
    throw new UsageError(
      `--filter needs more than ${LIMITS.crawlReportSearchMinExclusive} characters (got '${filter.trim()}').`,
    );
  }
  const sitemaps = flag(input, 'sitemaps');
  const page = optionalPositiveInt(input, 'page');
  const status = parseStatus(optionalString(input, 'status'));
  if (sitemaps && (search.searchTerm !== '' || status !== undefined || page !== undefined)) {
    throw new UsageError(
      '--sitemaps lists the sitemaps, not URLs: it takes no --filter, --status or --page.',
    );
  }
  return {
    engine: argument(input, 0, 'ENGINE'),
    account: optionalString(input, 'account'),
    searchTerm: search.searchTerm,
    status,
    page: page ?? 1,
    sitemaps,
  };
}

/** Every status label of the spec with its number of URLs (0 when none). */
export function countsByLabel(counts: CrawlReportResponse['counts']): Record<string, number> {
  return Object.fromEntries(
    Object.entries(CRAWL_STATUS_LABELS).map(([code, label]) => [label, counts[code] ?? 0]),
  );
}

/** `[label, number]` of each status with URLs, in code order (a label object would put '404' first). */
export function nonZeroCounts(counts: CrawlReportResponse['counts']): [string, number][] {
  return crawlStatusCounts(counts).map(({ label, count }): [string, number] => [label, count]);
}

/**
 * One page of the crawl report (10 URLs): URL, status, check times, the crawler's reason and, for a
 * broken URL, the page it was found on; a table on a terminal, tab-separated lines otherwise. With --sitemaps, the crawl's sitemaps instead.
 */
export async function run(deps: ApiDeps, options: ReportOptions): Promise<void> {
  const { api, output } = deps;
  const engine = await resolveKeywordEngine(deps, options.engine, options.account);
  const report = expectOk(
    await api.crawler.report({
      accountId: engine.accountId,
      engineId: engine.id,
      fromIndex: fromIndex(options.page),
      resultSize: LIMITS.crawlReportPageSize,
      searchTerm: options.searchTerm,
      ...(options.status === undefined ? {} : { status: options.status }),
    }),
    'Reading the crawl report',
  );
  if (options.sitemaps && !output.json) {
    printSitemaps(output, report.sitemaps);
    return;
  }
  const total = report.hits.total.value;
  const paging = crawlReportPaging(total, options.page);
  if (total > 0 && options.page > paging.pageCount) {
    throw new UsageError(
      `--page ${options.page} is past the last page of the report: ${paging.pageCount} (${total} URL(s)).`,
    );
  }
  if (output.json) {
    output.printJson({
      ...report,
      counts: countsByLabel(report.counts),
      page: options.page,
      pageCount: paging.pageCount,
    });
    return;
  }
  const rows = report.hits.hits.map((hit) => {
    const checked = isCheckedCrawlStatus(hit.status);
    return [
      hit.url,
      crawlStatusLabel(hit.status),
      checked ? formatDate(hit.last_check) : '',
      checked ? formatDate(hit.next_check) : '',
      // Why the URL failed, was refused or was not indexed, when the crawler says.
      hit.reason ?? '',
      // For a broken URL, the page that links to it: where the site owner goes to fix it.
      (isBrokenCrawlStatus(hit.status) && hit.found_on) || '',
    ];
  });
  if (output.stdoutIsTTY) {
    // The FOUND ON column only when a URL of the page has one, as most pages have none.
    const foundOn = rows.some((row) => row[5] !== '');
    const headers = ['URL', 'STATUS', 'LAST CHECK', 'NEXT CHECK', 'REASON', ...(foundOn ? ['FOUND ON'] : [])];
    const shown = foundOn ? rows : rows.map((row) => row.slice(0, 5));
    output.table(headers, shown, 'No URLs match.');
  } else {
    // One line per URL, its fields made safe: a crawled site wrote the URL and, in part, the reason.
    for (const row of rows) output.line(row.map(safeText).join('\t').trimEnd());
  }
  const counts = nonZeroCounts(report.counts)
    .map(([label, count]) => `${label} ${count}`)
    .join(', ');
  // No URL at all is said as such, not as 'Page 1 of 0 (0 URL(s))'.
  const filtered = options.searchTerm !== '' || options.status !== undefined;
  const position =
    total === 0
      ? filtered
        ? 'No URLs match'
        : 'No URLs yet'
      : `Page ${options.page} of ${paging.pageCount} (${total} URL(s))`;
  output.info(`${position}; crawl ${crawlStateOf(report)}${counts ? `; ${counts}` : ''}.`);
  if (report.sitemaps) output.info(`${sitemapsLine(report.sitemaps)} --sitemaps lists them.`);
  // A limit's sentence names a path of the crawled site.
  for (const limit of report.limits) output.warn(safeText(limit.message));
  if (report.publication?.held) output.warn(heldNotice(engine, report.publication));
}

export const command = apiCommand({ parse, run });
