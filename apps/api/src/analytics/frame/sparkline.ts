import { html, type RawHtml } from '../../html/html.ts';

/** The drawing box of a sparkline, in CSS pixels. */
const WIDTH = 120;
const HEIGHT = 32;
/** Room for the stroke at the top and bottom, so a peak or a zero is not cut in half. */
const INSET = 2;

/**
 * The points of a line through `values` (null: a day with nothing to show, a gap), scaled from 0 to
 * the largest value, as runs of "x,y" pairs: one run per stretch of days with a value.
 */
export function sparklineRuns(values: readonly (number | null)[]): string[] {
  const top = Math.max(0, ...values.map((v) => v ?? 0));
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const y = (v: number) => (top === 0 ? HEIGHT - INSET : INSET + (1 - v / top) * (HEIGHT - 2 * INSET));
  const runs: string[][] = [];
  let open = false;
  values.forEach((value, i) => {
    if (value === null) {
      open = false;
      return;
    }
    const point = `${round(i * step)},${round(y(value))}`;
    const run = runs.at(-1);
    if (open && run) run.push(point);
    else runs.push([point]);
    open = true;
  });
  return runs.map((run) => run.join(' '));
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A figure's days as a small line, drawn on the server as inline SVG: numbers only (no visitor text
 * goes into it), coloured by the page's style sheet, and named for screen readers by `label`. A
 * lone day between gaps is a dot. It spans its tile's width (the stroke keeps its thickness).
 */
export function sparkline(values: readonly (number | null)[], label: string): RawHtml {
  const marks = sparklineRuns(values).map((points) => {
    if (points.includes(' '))
      return html`<polyline points="${points}" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" vector-effect="non-scaling-stroke"/>`;
    // A line of no length with round caps: a round dot however wide the tile stretches it.
    const [x = '0', y = '0'] = points.split(',');
    return html`<line x1="${x}" y1="${y}" x2="${x}" y2="${y}" stroke="currentColor" stroke-width="4" stroke-linecap="round" vector-effect="non-scaling-stroke"/>`;
  });
  return html`<svg class="spark" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${label}">${marks}</svg>`;
}
