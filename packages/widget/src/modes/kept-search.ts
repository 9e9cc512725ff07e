/*
 * Back from a result brings the visitor's search back (both modes). The widget does not write the page's URL
 * (the site's router owns it, see the README's Decisions), and a page that the browser does not
 * keep whole in its back/forward cache is loaded again, empty. So the search shown is kept in the
 * tab's sessionStorage, under the client and the page's address, and read only when the browser
 * comes back to (or reloads) that very document: not when a single-page app routes to the page
 * later, nor on a fresh visit.
 */

const PREFIX = 'siteseer:search:';

/** The address of a history entry: the fragment is the page's own business. */
function entryUrl(href: string): string {
  return href.split('#')[0] ?? href;
}

function keyOf(clientId: string, href: string): string {
  return `${PREFIX}${clientId}:${entryUrl(href)}`;
}

/** The tab's sessionStorage, or null where the browser refuses it (storage blocked, sandboxed frame). */
function sessionStore(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch (error) {
    if (error instanceof DOMException) return null; // 'SecurityError'
    throw error;
  }
}

/** This document was reached by Back/Forward or a reload, and is still at its loaded address. */
function isReturnVisit(win: Window): boolean {
  // Navigation Timing Level 2 (2019 on); without it the page starts as on a first visit.
  if (typeof win.performance?.getEntriesByType !== 'function') return false;
  const [entry] = win.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!entry || (entry.type !== 'back_forward' && entry.type !== 'reload')) return false;
  return entryUrl(entry.name) === entryUrl(win.location.href);
}

/** A 1-based page number as kept. */
export function isPage(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/**
 * The search this page showed before the visitor left it, on a return visit; else null. `read`
 * checks the stored value's shape (anything may have written it) and adapts it to the engine's
 * current config, or gives null.
 */
export function restoreSearch<T>(
  win: Window,
  clientId: string,
  read: (value: Readonly<Record<string, unknown>>) => T | null,
): T | null {
  if (!isReturnVisit(win)) return null;
  const text = sessionStore(win)?.getItem(keyOf(clientId, win.location.href));
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return null; // written by something else
    throw error;
  }
  return typeof value === 'object' && value !== null ? read(value as Record<string, unknown>) : null;
}

/** Keeps the search shown (or forgets it, for null) for a return to this page. */
export function keepSearch(win: Window, clientId: string, search: object | null): void {
  const store = sessionStore(win);
  if (!store) return;
  const key = keyOf(clientId, win.location.href);
  try {
    if (search) store.setItem(key, JSON.stringify(search));
    else store.removeItem(key);
  } catch (error) {
    // A full storage ('QuotaExceededError'): the search just won't come back.
    if (error instanceof DOMException) return;
    throw error;
  }
}
