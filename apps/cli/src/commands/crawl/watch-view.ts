import type { Output } from '../../output/output.ts';
import { type CrawlProgress, changeKey, progressLine, progressRecord, watchFrame } from './watch-progress.ts';

/** Shows each poll of a watched crawl. */
export interface WatchView {
  show(progress: CrawlProgress): void;
  /** Stops the view (also on failure); safe to call twice. */
  close(): void;
}

/** Without a terminal: a line (or with --json a JSON object) on stdout for each poll that changed. */
function lineView(print: (progress: CrawlProgress) => void): WatchView {
  let last: string | undefined;
  return {
    show(progress) {
      const key = changeKey(progress);
      if (key === last) return;
      last = key;
      print(progress);
    },
    close() {},
  };
}

/** The Ink view on stdout, redrawn on each poll; React and Ink load only here. */
async function inkView(stdout: NodeJS.WriteStream, name: string, color: boolean): Promise<WatchView> {
  const [{ mount }, { CrawlWatchScreen }] = await Promise.all([
    import('../../views/ink-views.ts'),
    import('./watch-screen.ts'),
  ]);
  let view: ReturnType<typeof mount<Parameters<typeof CrawlWatchScreen>[0]>> | undefined;
  return {
    show(progress) {
      const frame = watchFrame(name, progress);
      if (view) view.update({ frame });
      else view = mount(CrawlWatchScreen, { frame }, stdout, { color });
    },
    close: () => view?.close(),
  };
}

/**
 * The live view on a terminal (not with --json, not in CI), else lines. A CI runner that gives the
 * job a pseudo-terminal keeps every redraw of a live view in its log, cursor codes included: there,
 * as `login` does, the lines are printed instead.
 */
export async function watchViewFor(
  output: Output,
  name: string,
  options: { ci: boolean },
): Promise<WatchView> {
  if (output.json) return lineView((progress) => output.line(JSON.stringify(progressRecord(progress))));
  if (output.stdoutIsTTY && !options.ci)
    return inkView(output.stdout as NodeJS.WriteStream, name, output.color);
  return lineView((progress) => output.line(progressLine(progress)));
}
