/** One line of the results: a figure, its target (if any) and the baseline it is compared with. */
export interface Line {
  db: string;
  metric: string;
  value: number;
  unit: 'ms' | 'MB' | 'q/s';
  /** The target, as an upper bound, where one is set. */
  target?: { max: number; label: string };
  /** The same-run baseline and value / baseline. */
  baseline?: { name: string; value: number };
}

export function status(line: Line): 'ok' | 'MISS' | '' {
  if (!line.target) return '';
  return line.value <= line.target.max ? 'ok' : 'MISS';
}

const fixed = (value: number, unit: string): string =>
  `${value >= 100 ? Math.round(value) : value.toFixed(value >= 10 ? 1 : 2)} ${unit}`;

/** The results as an aligned text table. */
export function table(lines: readonly Line[]): string {
  const rows = [
    ['db', 'metric', 'value', 'target', 'baseline', 'ratio', ''],
    ...lines.map((line) => [
      line.db,
      line.metric,
      fixed(line.value, line.unit),
      line.target?.label ?? '',
      line.baseline ? `${line.baseline.name} ${fixed(line.baseline.value, line.unit)}` : '',
      line.baseline ? `${(line.value / line.baseline.value).toFixed(2)}x` : '',
      status(line),
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const render = (row: string[]) =>
    row
      .map((cell, i) => (i >= 2 && i <= 5 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [render(header ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(render)].join('\n');
}
