import { formatBytes } from '../output/format.ts';

const BAR_WIDTH = 30;

/** The bar's text: `[=====>      ]  42%  1.2 MB / 2.9 MB`. */
export function progressBarText(sent: number, total: number): string {
  const ratio = total > 0 ? Math.min(1, sent / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  const head = filled === 0 ? '' : filled === BAR_WIDTH ? '=' : '>';
  const bar = `${'='.repeat(Math.max(0, filled - 1))}${head}`.padEnd(BAR_WIDTH);
  return `[${bar}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${formatBytes(sent)} / ${formatBytes(total)}`;
}
