import {
  ANALYTICS_FRAME_SIZES,
  type AnalyticsCardId,
  type AnalyticsDashboardId,
  type AnalyticsDay,
  type AnalyticsFrameType,
  type AnalyticsPeriod,
  analyticsReportEntry,
  analyticsReportIds,
} from '@siteseer/core';
import { NotFoundError } from '../../errors.ts';
import type { AnalyticsTarget } from '../../repositories/analytics-targets.ts';
import type { Store } from '../../store/types.ts';
import type { FrameAbilities } from '../access.ts';
import { AnalyticsReader, filterLabels } from '../reports.ts';
import { type Block, blocksHtml, tableCsv, tablesOf } from './blocks.ts';
import type { FrameContext } from './card-parts.ts';
import { CARDS } from './cards.ts';
import { DASHBOARDS } from './dashboards.ts';
import { fileNameOf } from './format.ts';
import { type FrameLook, framePage } from './page.ts';

export { HEADLINE_TITLE, renderHeadline } from './headline.ts';
export { FONT_PATH, FONT_WEIGHTS, type FrameLook, fontFile, frameErrorPage } from './page.ts';

/** Rows of a list table on screen, by frame type; a CSV download holds up to CSV_ROWS. */
const SCREEN_ROWS: Record<AnalyticsFrameType, number> = { card: 10, dashboard: 15 };
const CSV_ROWS = 1000;
/** The frame's padding on each side (page.ts): charts take the width inside it. */
const PADDING = 16;

export interface FrameRequest {
  target: AnalyticsTarget & { clientId: string };
  abilities: FrameAbilities;
  type: AnalyticsFrameType;
  id: string;
  period: AnalyticsPeriod;
  /** The first day retention keeps (see AnalyticsReader). */
  keptFrom?: AnalyticsDay | undefined;
  /** Today (UTC), the last day the period chooser offers. */
  today?: AnalyticsDay | undefined;
  /** How the portal shows the frame (its scheme, its period chooser). */
  look?: FrameLook | undefined;
  /** The engine's corrections of queries (did-you-mean); none when absent (parametric engines). */
  corrections?: FrameContext['corrections'] | undefined;
  /** The synonym rule the frame's "Add as synonym" just added, to confirm. */
  added?: FrameContext['added'];
}

/** The frame's own path: where its downloads and its buttons' forms go. */
function framePath(request: FrameRequest): string {
  return `/api/analytics/${encodeURIComponent(request.target.clientId)}/${request.type}/${encodeURIComponent(request.id)}`;
}

/** The report's title, or a 404 for an id the catalogue does not offer for this engine's kind. */
export function frameTitle(request: Pick<FrameRequest, 'target' | 'type' | 'id'>): string {
  const entry = analyticsReportEntry(request.type, request.id);
  const offered = analyticsReportIds(request.target.engineType);
  const ids = request.type === 'card' ? offered.cardIds : offered.dashboardIds;
  if (!entry || !ids.includes(request.id)) throw new NotFoundError(`Analytics ${request.type}`);
  return entry.title;
}

function build(db: Store, request: FrameRequest, mode: 'screen' | 'csv') {
  const ctx: FrameContext = {
    reader: new AnalyticsReader(db, request.target, request.period, request.keptFrom),
    target: request.target,
    abilities: request.abilities,
    filterLabels: () => filterLabels(db, request.target),
    rows: mode === 'csv' ? CSV_ROWS : SCREEN_ROWS[request.type],
    width: ANALYTICS_FRAME_SIZES[request.type].width - 2 * PADDING,
    charts: mode === 'screen',
    corrections: request.corrections,
    synonymAction: `${framePath(request)}/synonyms?${new URLSearchParams({
      period: 'custom',
      from: request.period.from,
      to: request.period.to,
      ...(request.look?.scheme ? { scheme: request.look.scheme } : {}),
      ...(request.look?.embedded ? { embedded: '1' } : {}),
    })}`,
    added: request.added,
  };
  return request.type === 'card'
    ? CARDS[request.id as AnalyticsCardId](ctx)
    : DASHBOARDS[request.id as AnalyticsDashboardId](ctx);
}

/** Whether a tile of the blocks (also inside columns) says how a figure changed. */
function compares(blocks: Block[]): boolean {
  return blocks.some((block) =>
    block.kind === 'kpis'
      ? block.items.some((item) => item.change !== null)
      : block.kind === 'columns' && block.columns.some(compares),
  );
}

/** The frame's HTML page. */
export async function renderFrame(db: Store, request: FrameRequest, nonce: string): Promise<string> {
  const title = frameTitle(request);
  // The days shown, not the period's name: a download after midnight (UTC) of "Last 7 days" would
  // hold another week than the page it was downloaded from.
  const query = new URLSearchParams({
    period: 'custom',
    from: request.period.from,
    to: request.period.to,
  });
  const base = `${framePath(request)}/csv`;
  const blocks = await build(db, request, 'screen');
  const content = await blocksHtml(blocks, (table) => `${base}/${table}?${query}`, request.look?.scheme);
  return framePage({
    title,
    engineName: request.target.engineName,
    period: request.period,
    today: request.today,
    // Only figure tiles compare with the previous period, and not all do (Searches with no results
    // shows its rate alone).
    compared: compares(blocks),
    keptFrom: request.keptFrom,
    nonce,
    look: request.look,
    content,
  });
}

/** One table of the frame as CSV, with up to CSV_ROWS rows, and its file name. */
export async function frameCsv(
  db: Store,
  request: FrameRequest,
  tableId: string,
): Promise<{ csv: string; fileName: string }> {
  frameTitle(request);
  const table = tablesOf(await build(db, request, 'csv')).find((t) => t.id === tableId);
  if (!table) throw new NotFoundError('Table');
  return {
    csv: tableCsv(table),
    // The engine's name first: downloads of two engines' reports of one period do not collide.
    fileName: `${[fileNameOf(request.target.engineName), table.id].filter(Boolean).join('-')}-${request.period.from}-to-${request.period.to}.csv`,
  };
}
