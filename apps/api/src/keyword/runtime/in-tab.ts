import { matchesWildcard } from '@siteseer/core';
import type { IndexedPageRef, TabSpec } from '../backend.ts';

/**
 * Whether a page belongs to a tab, as the backend counts it: one of the tab's tags among the
 * page's (case-insensitively), or its URL matching the tab's wildcard. For the pinned pages, which
 * the runtime places itself.
 */
export function inTab(page: IndexedPageRef, spec: TabSpec | undefined): boolean {
  if (!spec) return false;
  if (spec.urlPattern !== undefined && matchesWildcard(page.url, spec.urlPattern)) return true;
  if (spec.tags.length === 0) return false;
  const tags = new Set(page.tags.map((tag) => tag.toLowerCase()));
  return spec.tags.some((tag) => tags.has(tag.toLowerCase()));
}
