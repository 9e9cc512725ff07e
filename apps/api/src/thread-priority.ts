import { constants, setPriority } from 'node:os';

/**
 * Lowers the calling worker thread below the API thread's priority: on a machine short of CPU the
 * event loop that answers searches runs first and the background work (an import's parse, the
 * embedded database's writes, page texts) takes longer instead (measured by `pnpm
 * bench:busy-search`). On Linux nice is per thread and pid 0 is this thread only; elsewhere pid 0
 * would be the whole API process, so nothing is done there. A sandbox may forbid it: the work still
 * runs, at the API's priority, with a warning naming the thread.
 */
export function lowerThreadPriority(thread: string): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch (error) {
    process.emitWarning(`The ${thread} could not lower its priority: ${String(error)}`);
  }
}
