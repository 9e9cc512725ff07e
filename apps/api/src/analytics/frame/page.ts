import {
  ANALYTICS_PERIOD_DAYS,
  type AnalyticsDay,
  type AnalyticsPeriod,
  previousPeriod,
} from '@siteseer/core';
import { html, type RawHtml, toHtmlString } from '../../html/html.ts';
import { formatDay, formatRange } from './format.ts';

// The frame's page: its title, the period chooser, the blocks, and light and dark colours chosen by
// prefers-color-scheme (in an iframe: the color-scheme the portal gives the iframe element).

// Table cells break long words anywhere: a table sizes a column by its longest word, which
// `overflow-wrap: break-word` does not shorten, so one long query or result URL pushed the figures'
// columns out of the frame. `anywhere` does shorten it.
const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#57606a;--border:#d0d7de;--tile:#f6f8fa;--accent:#0550ae;--up:#1a7f37}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#e6edf3;--muted:#a8b3bf;--border:#3d444d;--tile:#1e1e1e;--accent:#79b8ff;--up:#56d364}}
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{padding:16px}
a{color:var(--accent)}
header{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:8px 16px;margin-bottom:12px}
h1{font-size:1.2rem;margin:0}
h2,figcaption,caption{font-size:.95rem;font-weight:600;text-align:left;margin:0 0 6px}
.period{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;font-size:.85rem}
.period nav a{margin-right:8px}
.period nav a[aria-current]{font-weight:700;color:var(--fg);text-decoration:none}
.period form{display:flex;gap:6px;align-items:center}
.period input,.period button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--border);border-radius:4px;padding:2px 6px}
.period button{cursor:pointer}
.range{color:var(--muted);font-size:.8rem;margin:0 0 12px}
.kpis{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0 0 16px;padding:0}
.kpis li{flex:1 1 140px;background:var(--tile);border:1px solid var(--border);border-radius:6px;padding:8px 10px;display:flex;flex-direction:column}
.kpi-label{color:var(--muted);font-size:.8rem}
.kpi-value{font-size:1.5rem;font-weight:600}
.kpi-change{color:var(--muted);font-size:.75rem}
figure{margin:0 0 16px}
.chart img{display:block;max-width:100%;height:auto}
.table{margin:0 0 16px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.85rem}
th,td{border-bottom:1px solid var(--border);padding:4px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{color:var(--muted);font-weight:600}
.num{text-align:right;white-space:nowrap}
.csv{font-weight:400;font-size:.8rem;margin-left:8px}
.links a{margin-left:8px;white-space:nowrap}
.empty,.note{color:var(--muted);font-size:.85rem}
.columns{display:grid;grid-template-columns:1fr 1fr;gap:24px}
.error{border:1px solid var(--border);border-radius:6px;padding:12px;background:var(--tile)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/**
 * The period links and the custom dates form (GET to the frame itself: no script). With `today`
 * (UTC), neither date can be a day to come: the browser's picker and its check before sending stop
 * a period whose days to come would read as no searches, "−100.0% vs previous period".
 */
function periodChooser(period: AnalyticsPeriod, today?: AnalyticsDay): RawHtml {
  const max = today ? html` max="${today}"` : '';
  const preset = (name: keyof typeof ANALYTICS_PERIOD_DAYS) =>
    html`<a href="?period=${name}"${period.name === name ? html` aria-current="true"` : ''}>Last ${ANALYTICS_PERIOD_DAYS[name]} days</a>`;
  return html`<div class="period"><nav aria-label="Period">${preset('7d')}${preset('30d')}${preset('90d')}</nav><form method="get" aria-label="Custom period"><input type="hidden" name="period" value="custom"><label>From <input type="date" name="from" value="${period.from}"${max} required></label><label>To <input type="date" name="to" value="${period.to}"${max} required></label><button type="submit">Apply</button></form></div>`;
}

function document(title: string, nonce: string, body: RawHtml): string {
  return toHtmlString(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title === 'Analytics' ? 'Analytics' : `${title} | Analytics`} | Siteseer</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`);
}

/** A card's or dashboard's page. */
export function framePage(options: {
  title: string;
  engineName: string;
  period: AnalyticsPeriod;
  /** Today (UTC): the last day the chooser offers. */
  today?: AnalyticsDay | undefined;
  /**
   * false: nothing on the page is compared with the previous period (a list with no figure tiles),
   * so the range line does not name one.
   */
  compared?: boolean;
  /** The first day retention keeps: days before it read as none, and the page says why. */
  keptFrom?: AnalyticsDay | undefined;
  nonce: string;
  content: RawHtml;
}): string {
  const { period, keptFrom } = options;
  const before = previousPeriod(period);
  const earliest = options.compared === false ? period.from : before.from;
  const expired =
    keptFrom && earliest < keptFrom
      ? html`<p class="note">Searches and clicks before ${formatDay(keptFrom)} are no longer kept: the days before it read as none${options.compared === false ? '' : ', and so do the comparisons with them'}.</p>`
      : '';
  return document(
    `${options.title}: ${options.engineName}`,
    options.nonce,
    // The range line opens main: every part of the page sits in a landmark (axe's "region").
    html`<header><h1>${options.title}</h1>${periodChooser(period, options.today)}</header>
<main><p class="range">${options.engineName} · ${formatRange(period.from, period.to)} (UTC days)${options.compared === false ? '' : `, compared with ${formatRange(before.from, before.to)}`}</p>${expired}
${options.content}</main>`,
  );
}

/** What a frame shows when it cannot show its report (signed out, no access, a bad period). */
export function frameErrorPage(options: {
  title: string;
  message: string;
  nonce: string;
  period?: AnalyticsPeriod | undefined;
  today?: AnalyticsDay | undefined;
}): string {
  return document(
    options.title,
    options.nonce,
    html`<header><h1>${options.title}</h1>${options.period ? periodChooser(options.period, options.today) : ''}</header><main><p class="error" role="alert">${options.message}</p></main>`,
  );
}
