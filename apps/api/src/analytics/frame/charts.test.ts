import { describe, expect, it } from 'vitest';
import { toHtmlString } from '../../html/html.ts';
import { chartPicture } from './charts.ts';

/** The light SVG of a chart picture. */
async function lightSvg(...names: string[]): Promise<string> {
  const picture = toHtmlString(
    await chartPicture({
      kind: 'line',
      categories: ['Mon', 'Tue'],
      series: names.map((name) => ({ name, values: [0.1, 0.2] })),
      format: 'percent',
      alt: 'Rates',
      width: 600,
      height: 300,
    }),
  );
  const base64 = /<img src="data:image\/svg\+xml;base64,([^"]+)"/.exec(picture)?.[1] ?? '';
  return Buffer.from(base64, 'base64').toString('utf8');
}

describe('chartPicture legend', () => {
  it('Given two series, then their legend items have a gap between them, not touching', async () => {
    const svg = await lightSvg('Zero-result rate', 'Click-through rate');
    // Each legend item: a hit area "M-1 0.4l<width> 0…" translated to the item's left edge.
    const items = [
      ...svg.matchAll(
        /<path d="M-1 0\.4l([\d.]+) 0[^"]*" transform="translate\(([\d.]+) [\d.]+\)"[^>]*legend/g,
      ),
    ].map((match) => ({ width: Number(match[1]), left: Number(match[2]) }));
    expect(items).toHaveLength(2);
    const [first, second] = items as [(typeof items)[0], (typeof items)[0]];
    expect(second.left - (first.left + first.width)).toBeGreaterThanOrEqual(20);
  });
});
