import { withoutBidiControls } from '@siteseer/core';
import { html, type RawHtml } from '../../html/html.ts';
import { neutraliseFormula, toCsv } from '../../parametric/csv-export.ts';
import { type ChartSpec, chartPicture } from './charts.ts';

// What a card or dashboard is made of: figure tiles, charts, tables and notes. Built from the
// reports as data, then written as HTML for the frame or, for a table, as CSV for its download.
// A table's cells and links hold what visitors typed or sent (queries, filter values, clicked
// URLs): their bidirectional controls are dropped where they are written, in both forms, as a
// query reading as another would mislead the owner (queries recorded before they were stripped
// on the way in, and click URLs, which are whatever a browser sent).

/** A link in a table cell: a portal page (`top`: the whole portal navigates) or a result page. */
export interface CellLink {
  text: string;
  href: string;
  /** What the link is about, for screen readers ("for 'blue hat'"). */
  context?: string;
  target: 'top' | 'blank';
}

/**
 * A button in a table cell that posts a form (no script runs in a frame): one click does what it
 * says, and the frame comes back with a notice.
 */
export interface CellAction {
  text: string;
  /** Where the form posts: a path of the frame's own. */
  action: string;
  /** The form's hidden fields. */
  fields: Record<string, string>;
  /** What the button is about, for screen readers. */
  context?: string;
}

/** A cell: text or a number (as shown), with its raw value for CSV, and links and buttons after it. */
export interface Cell {
  text: string;
  /** What the CSV holds (a number unformatted); `text` when absent. */
  value?: string | number;
  links?: CellLink[];
  actions?: CellAction[];
}

interface TableColumn {
  label: string;
  numeric?: boolean;
  /** Shown in the frame but not exported (the fix links). */
  screenOnly?: boolean;
}

export interface ReportTable {
  /** Its name in the CSV download's path. */
  id: string;
  caption: string;
  columns: TableColumn[];
  rows: Cell[][];
  /** Shown instead of an empty table. */
  empty: string;
  /**
   * Too many columns to squeeze into a phone's width (their words would break a letter a line):
   * kept at a readable width, the table scrolls sideways instead.
   */
  wide?: boolean;
}

export interface Kpi {
  label: string;
  value: string;
  /** Against the previous period ("+12.5% vs previous period"), or null. */
  change: string | null;
}

export type Block =
  | { kind: 'kpis'; items: Kpi[] }
  | { kind: 'chart'; title: string; chart: ChartSpec }
  | { kind: 'table'; table: ReportTable }
  | { kind: 'note'; text: string }
  /** What the click of a cell's button did (a status: read out by screen readers). */
  | { kind: 'notice'; text: string }
  /** Blocks side by side (dashboards). */
  | { kind: 'columns'; columns: Block[][] };

/** Where a table's CSV is downloaded from, given its id. */
export type CsvHref = (tableId: string) => string;

function kpis(items: Kpi[]): RawHtml {
  return html`<ul class="kpis">${items.map(
    (kpi) =>
      html`<li><span class="kpi-label">${kpi.label}</span><span class="kpi-value">${kpi.value}</span>${
        kpi.change ? html`<span class="kpi-change">${kpi.change}</span>` : ''
      }</li>`,
  )}</ul>`;
}

function link(l: CellLink): RawHtml {
  const context = l.context
    ? html`<span class="visually-hidden"> ${withoutBidiControls(l.context)}</span>`
    : '';
  return l.target === 'top'
    ? html`<a href="${l.href}" target="_top">${l.text}${context}</a>`
    : html`<a href="${l.href}" target="_blank" rel="noopener noreferrer">${l.text}${context}</a>`;
}

function actionForm(a: CellAction): RawHtml {
  const context = a.context
    ? html`<span class="visually-hidden"> ${withoutBidiControls(a.context)}</span>`
    : '';
  return html`<form method="post" action="${a.action}" class="action">${Object.entries(a.fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit">${a.text}${context}</button></form>`;
}

function table(t: ReportTable, csvHref: CsvHref): RawHtml {
  const download = html`<a class="csv" href="${csvHref(t.id)}" download>Download CSV<span class="visually-hidden"> of ${t.caption}</span></a>`;
  if (t.rows.length === 0)
    return html`<section class="table"><h2>${t.caption}</h2><p class="empty">${t.empty}</p></section>`;
  return html`<section class="table"><table${t.wide ? html` class="wide"` : ''}><caption>${t.caption} ${download}</caption><thead><tr>${t.columns.map(
    (c) => html`<th scope="col"${c.numeric ? html` class="num"` : ''}>${c.label}</th>`,
  )}</tr></thead><tbody>${t.rows.map(
    (row) =>
      html`<tr>${row.map((cell, i) => {
        const numeric = t.columns[i]?.numeric;
        const links =
          cell.links?.length || cell.actions?.length
            ? html`<span class="links">${(cell.links ?? []).map(link)}${(cell.actions ?? []).map(actionForm)}</span>`
            : '';
        return html`<td${numeric ? html` class="num"` : ''}>${withoutBidiControls(cell.text)}${links}</td>`;
      })}</tr>`,
  )}</tbody></table></section>`;
}

/**
 * The blocks as the frame's HTML (every text escaped by the html tag); charts in `scheme` when the
 * portal names one.
 */
export async function blocksHtml(
  blocks: Block[],
  csvHref: CsvHref,
  scheme?: 'light' | 'dark',
): Promise<RawHtml> {
  const parts = await Promise.all(
    blocks.map(async (block): Promise<RawHtml> => {
      switch (block.kind) {
        case 'kpis':
          return kpis(block.items);
        case 'chart':
          return html`<figure><figcaption>${block.title}</figcaption>${await chartPicture(block.chart, scheme)}</figure>`;
        case 'table':
          return table(block.table, csvHref);
        case 'note':
          return html`<p class="note">${block.text}</p>`;
        case 'notice':
          return html`<p class="notice" role="status">${withoutBidiControls(block.text)}</p>`;
        case 'columns':
          return html`<div class="columns">${await Promise.all(
            block.columns.map(
              async (column) => html`<div>${await blocksHtml(column, csvHref, scheme)}</div>`,
            ),
          )}</div>`;
      }
    }),
  );
  return html`${parts}`;
}

/** Every table of the blocks, in order (also inside columns). */
export function tablesOf(blocks: Block[]): ReportTable[] {
  return blocks.flatMap((block) =>
    block.kind === 'table' ? [block.table] : block.kind === 'columns' ? block.columns.flatMap(tablesOf) : [],
  );
}

/**
 * A cell's text with every part after a `;` formula-escaped as a cell's start is (toCsv escapes the
 * start). A spreadsheet whose list separator is `;` (most of Europe) splits the line at each `;`,
 * quotes or not, when the quote does not open its part: `created,1,"x;=1+1"` gives a cell `=1+1"`
 * there, a formula. The texts are what visitors typed or selected (queries, filter values, URLs).
 */
function neutraliseParts(text: string): string {
  if (!text.includes(';')) return text;
  return text
    .split(';')
    .map((part, i) => (i === 0 ? part : neutraliseFormula(part)))
    .join(';');
}

/** A table as CSV (formula-escaped, see csv-export.ts), without its screen-only columns. */
export function tableCsv(t: ReportTable): string {
  const kept = t.columns.flatMap((column, i) => (column.screenOnly ? [] : [i]));
  return toCsv(
    kept.map((i) => t.columns[i]?.label ?? ''),
    t.rows.map((row) =>
      kept.map((i) => {
        const value = row[i]?.value ?? row[i]?.text ?? '';
        return typeof value === 'string' ? neutraliseParts(withoutBidiControls(value)) : value;
      }),
    ),
  );
}
