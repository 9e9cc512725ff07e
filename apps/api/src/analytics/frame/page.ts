import {
  ANALYTICS_PERIOD_DAYS,
  type AnalyticsDay,
  type AnalyticsPeriod,
  previousPeriod,
} from '@siteseer/core';
import { html, type RawHtml, raw, toHtmlString } from '../../html/html.ts';
import { formatDay, formatRange } from './format.ts';

// The frame's page: its title, the period chooser (unless the portal chooses the period for every
// frame), the blocks, in the portal's type (Roboto, served by the API: the frame's CSP allows fonts
// from its own origin only) and colours (MUI's light and dark palettes). The scheme is the one the
// portal asks for (`scheme`), else prefers-color-scheme (in an iframe: the color-scheme the portal
// gives the iframe element).

/** The Roboto weights the portal's type uses, served at FONT_PATH (routes/analytics.ts). */
export const FONT_WEIGHTS = [400, 500, 700] as const;
export const FONT_PATH = '/api/analytics/fonts';
/** A weight's file, as @fontsource/roboto names it (latin: the portal's text). */
export const fontFile = (weight: (typeof FONT_WEIGHTS)[number]) => `roboto-latin-${weight}-normal.woff2`;

const FONTS = FONT_WEIGHTS.map(
  (weight) =>
    `@font-face{font-family:Roboto;font-style:normal;font-weight:${weight};font-display:swap;src:url(${FONT_PATH}/${fontFile(weight)}) format("woff2")}`,
).join('');

/** MUI's default palettes, as the portal's theme uses them (text, divider, primary, success, error). */
const LIGHT =
  'color-scheme:light;--bg:#fff;--fg:rgba(0,0,0,.87);--muted:rgba(0,0,0,.6);--border:rgba(0,0,0,.12);--tile:#fff;--accent:#1565c0;--up:#1b5e20;--down:#c62828;--spark:#1976d2';
const DARK =
  'color-scheme:dark;--bg:#121212;--fg:#fff;--muted:rgba(255,255,255,.7);--border:rgba(255,255,255,.12);--tile:#1e1e1e;--accent:#90caf9;--up:#66bb6a;--down:#f44336;--spark:#90caf9';

/** The colour variables: the scheme asked for, or both by prefers-color-scheme. */
function palette(scheme: FrameScheme | undefined): string {
  if (scheme === 'dark') return `:root{${DARK}}`;
  if (scheme === 'light') return `:root{${LIGHT}}`;
  return `:root{${LIGHT}}@media (prefers-color-scheme:dark){:root{${DARK}}}`;
}

// Table cells break long words anywhere: a table sizes a column by its longest word, which
// `overflow-wrap: break-word` does not shorten, so one long query or result URL pushed the figures'
// columns out of the frame. `anywhere` does shorten it. Everything is fluid: a frame narrower than
// the spec's size (a phone) reflows instead of being cut off.
const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 Roboto,Helvetica,Arial,sans-serif}
body{padding:16px}
a{color:var(--accent)}
header{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:8px 16px;margin-bottom:12px}
h1{font-size:1.25rem;font-weight:500;margin:0}
h2,figcaption,caption{font-size:1rem;font-weight:500;text-align:left;margin:0 0 6px}
.period{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;font-size:.875rem}
.period nav a{margin-right:8px}
.period nav a[aria-current]{font-weight:700;color:var(--fg);text-decoration:none}
.period form{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.period input,.period button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--border);border-radius:4px;padding:2px 6px}
.period button{cursor:pointer}
.range{color:var(--muted);font-size:.8125rem;margin:0 0 12px}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;list-style:none;margin:0 0 16px;padding:0}
.kpis li{background:var(--tile);border:1px solid var(--border);border-radius:4px;padding:8px 12px;display:flex;flex-direction:column}
.kpi-label{color:var(--muted);font-size:.8125rem}
.kpi-value{font-size:1.5rem;font-weight:500}
.kpi-change{color:var(--muted);font-size:.75rem}
figure{margin:0 0 16px}
.chart img{display:block;max-width:100%;height:auto}
.table{margin:0 0 16px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.875rem}
table.wide{min-width:560px}
th,td{border-bottom:1px solid var(--border);padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{color:var(--muted);font-weight:500}
.num{text-align:right;white-space:nowrap}
.csv{font-weight:400;font-size:.8125rem;margin-left:8px}
.links a{margin-left:8px;white-space:nowrap}
.links .action{display:inline;margin-left:8px}
.action button{font:inherit;color:var(--accent);background:var(--bg);border:1px solid var(--accent);border-radius:4px;padding:0 6px;cursor:pointer;white-space:nowrap}
.notice{border:1px solid var(--up);border-left-width:4px;border-radius:4px;padding:8px 12px;margin:0 0 12px;background:var(--tile)}
.empty,.note{color:var(--muted);font-size:.875rem}
.columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,320px),1fr));gap:24px}
.error{border:1px solid var(--border);border-radius:4px;padding:12px;background:var(--tile)}
.headline{grid-template-columns:1fr;margin:0}
@media (min-width:520px){.headline{grid-template-columns:repeat(3,1fr)}}
.headline .kpi-label{font-size:.875rem;font-weight:500}
.spark{display:block;width:100%;height:32px;color:var(--spark);margin-top:6px}
body.strip{padding:0 1px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/**
 * The frame's style sheet, as written: our constants only (no request text), and not escaped, since
 * a style element's text is not HTML (an escaped `"` in a font name voided the whole declaration).
 */
const styleSheet = (scheme: FrameScheme | undefined): RawHtml => raw(`${FONTS}${palette(scheme)}${STYLE}`);

/** The scheme a frame is drawn in, when the portal names it (query parameter `scheme`). */
type FrameScheme = 'light' | 'dark';

/** How the portal shows a frame: its scheme, and whether the portal chooses the period. */
export interface FrameLook {
  scheme?: FrameScheme | undefined;
  /** true: the portal's page chooses the period for every frame, so the frame shows no chooser. */
  embedded?: boolean | undefined;
}

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

/** A frame's HTML document: its title, the style sheet in `look`'s scheme, and `body`. */
export function frameDocument(
  title: string,
  nonce: string,
  look: FrameLook,
  body: RawHtml,
  bodyClass?: string,
): string {
  return toHtmlString(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${look.scheme ?? 'light dark'}">
<title>${title === 'Analytics' ? 'Analytics' : `${title} | Analytics`} | Siteseer</title>
<style nonce="${nonce}">${styleSheet(look.scheme)}</style>
</head>
<body${bodyClass ? html` class="${bodyClass}"` : ''}>
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
  look?: FrameLook | undefined;
  content: RawHtml;
}): string {
  const { period, keptFrom } = options;
  const look = options.look ?? {};
  const before = previousPeriod(period);
  const earliest = options.compared === false ? period.from : before.from;
  const expired =
    keptFrom && earliest < keptFrom
      ? html`<p class="note">Searches and clicks before ${formatDay(keptFrom)} are no longer kept: the days before it read as none${options.compared === false ? '' : ', and so do the comparisons with them'}.</p>`
      : '';
  return frameDocument(
    `${options.title}: ${options.engineName}`,
    options.nonce,
    look,
    // The range line opens main: every part of the page sits in a landmark (axe's "region").
    html`<header><h1>${options.title}</h1>${look.embedded ? '' : periodChooser(period, options.today)}</header>
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
  look?: FrameLook | undefined;
}): string {
  const look = options.look ?? {};
  return frameDocument(
    options.title,
    options.nonce,
    look,
    html`<header><h1>${options.title}</h1>${options.period && !look.embedded ? periodChooser(options.period, options.today) : ''}</header><main><p class="error" role="alert">${options.message}</p></main>`,
  );
}
