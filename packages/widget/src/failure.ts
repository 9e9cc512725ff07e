import { SearchUnavailableError } from './api/errors.ts';
import { emit } from './events.ts';

/** What visitors read whenever search cannot answer, whatever the cause. */
const UNAVAILABLE = 'Search is unavailable right now.';

/**
 * Shows the unavailable message in `alert` and reports `error` as a `siteseer:error` event. An error
 * that is not an outage is a bug: it is also rethrown outside the promise chain, so it reaches the
 * console and the page's error monitoring with its stack.
 */
export function reportFailure(root: HTMLElement, alert: HTMLElement, error: unknown): void {
  alert.textContent = UNAVAILABLE;
  alert.hidden = false;
  emit(root, 'siteseer:error', { message: error instanceof Error ? error.message : String(error) });
  if (!(error instanceof SearchUnavailableError)) {
    setTimeout(() => {
      throw error;
    });
  }
}
