import { formatBytes } from '../output/format.ts';

const BAR_WIDTH = 30;

/** A bar and its percentage: `[=====>      ]  42%`. */
export function barText(done: number, total: number): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  const head = filled === 0 ? '' : filled === BAR_WIDTH ? '=' : '>';
  const bar = `${'='.repeat(Math.max(0, filled - 1))}${head}`.padEnd(BAR_WIDTH);
  return `[${bar}] ${String(Math.round(ratio * 100)).padStart(3)}%`;
}

/** The upload bar's text: `[=====>      ]  42%  1.2 MB / 2.9 MB`. */
export function progressBarText(sent: number, total: number): string {
  return `${barText(sent, total)}  ${formatBytes(sent)} / ${formatBytes(total)}`;
}
