import type { ProgressListener } from '../http/upload-progress.ts';
import { formatBytes } from '../output/format.ts';
import type { Output } from '../output/output.ts';

/** Shows an upload: a progress bar on a terminal, one line otherwise. */
export interface UploadView {
  listener: ProgressListener;
  close(): void;
}

const BAR_WIDTH = 30;

/** The bar's text: `[=====>    ]  42%  1.2 MB / 2.9 MB`. */
export function progressBarText(sent: number, total: number): string {
  const ratio = total > 0 ? Math.min(1, sent / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  const bar =
    `${'='.repeat(Math.max(0, filled - 1))}${filled > 0 ? (filled === BAR_WIDTH ? '=' : '>') : ''}`.padEnd(
      BAR_WIDTH,
    );
  return `[${bar}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${formatBytes(sent)} / ${formatBytes(total)}`;
}

export function plainUploadView(output: Output, label: string): UploadView {
  let announced = false;
  return {
    listener(_sent, total) {
      if (announced) return;
      announced = true;
      output.info(`Uploading ${label} (${formatBytes(total)})...`);
    },
    close() {},
  };
}

/** The Ink progress bar on stderr; loaded only on a terminal. */
export async function inkUploadView(stderr: NodeJS.WriteStream, label: string): Promise<UploadView> {
  const [{ render, Text }, React] = await Promise.all([import('ink'), import('react')]);
  const h = React.createElement;
  const view = (sent: number, total: number) =>
    h(Text, null, `Uploading ${label} `, h(Text, { color: 'cyan' }, progressBarText(sent, total)));
  const instance = render(view(0, 0), { stdout: stderr, patchConsole: false });
  let closed = false;
  return {
    listener(sent, total) {
      if (!closed) instance.rerender(view(sent, total));
    },
    close() {
      if (closed) return;
      closed = true;
      instance.unmount();
    },
  };
}

/** The view for this output: the bar on a terminal (not with --json), else a line. */
export async function uploadViewFor(output: Output, label: string): Promise<UploadView> {
  if (output.stderrIsTTY && !output.json) return inkUploadView(output.stderr as NodeJS.WriteStream, label);
  return plainUploadView(output, label);
}
