import type { ProgressListener } from '../http/upload-progress.ts';
import { formatBytes } from '../output/format.ts';
import type { Output } from '../output/output.ts';

/** Shows an upload: a progress bar on a terminal, one line otherwise. */
export interface UploadView {
  listener: ProgressListener;
  close(): void;
}

/** `size`: the file's own size (the request body is larger: the multipart envelope). */
export function plainUploadView(output: Output, label: string, size: number): UploadView {
  let announced = false;
  return {
    listener() {
      if (announced) return;
      announced = true;
      output.info(`Uploading ${label} (${formatBytes(size)})...`);
    },
    close() {},
  };
}

/** The Ink progress bar on stderr; React and Ink load only here. */
async function inkUploadView(stderr: NodeJS.WriteStream, label: string, color: boolean): Promise<UploadView> {
  const { mount, UploadBar } = await import('./ink-views.ts');
  const view = mount(UploadBar, { label, sent: 0, total: 0 }, stderr, { color });
  return {
    listener: (sent, total) => view.update({ label, sent, total }),
    close: () => view.close(),
  };
}

/**
 * The view for this output: the bar on a terminal (not with --json, not in CI, whose logs would
 * keep each redraw of the bar), else a line.
 */
export async function uploadViewFor(
  output: Output,
  label: string,
  size: number,
  options: { ci: boolean },
): Promise<UploadView> {
  if (output.stderrIsTTY && !output.json && !options.ci)
    return inkUploadView(output.stderr as NodeJS.WriteStream, label, output.color);
  return plainUploadView(output, label, size);
}
