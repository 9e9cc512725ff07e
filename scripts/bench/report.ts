/** One line of the results: a figure, its target (if any) and the baseline it is compared with. */
export interface Line {
  db: string;
  metric: string;
  value: number;
  unit: 'ms' | 'MB' | 'q/s' | 'pages/s' | 'x' | 'paths' | 'score' | 'searches';
  /** The target, as an upper or a lower bound, where one is set. */
  target?: { max: number; label: string } | { min: number; label: string };
  /** The same-run baseline and value / baseline. */
  baseline?: { name: string; value: number };
}

export function status(line: Line): 'ok' | 'MISS' | '' {
  if (!line.target) return '';
  const met = 'max' in line.target ? line.value <= line.target.max : line.value >= line.target.min;
  return met ? 'ok' : 'MISS';
}

const fixed = (value: number, unit: string): string =>
  unit === 'score'
    ? value.toFixed(3) // relevance measures, 0..1
    : `${value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(value >= 10 ? 1 : 2)} ${unit}`;

/** Progress on stderr: stdout carries the results only. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

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
