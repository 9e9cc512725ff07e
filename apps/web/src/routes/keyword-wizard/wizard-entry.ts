import { addSiteUrl } from '@siteseer/core';

/** What the dashboard's 'Add a New Keyword Search Engine' card hands the wizard (history state). */
export interface KeywordWizardEntry {
  url: string;
}

/** The history state that opens the create wizard with `url` as its first site. */
export function keywordWizardEntry(url: string): KeywordWizardEntry {
  return { url: url.trim() };
}

/** The first site handed over in history state, when it is a valid site URL; else undefined. */
export function entryUrl(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const url = (state as Partial<KeywordWizardEntry>).url;
  if (typeof url !== 'string') return undefined;
  const added = addSiteUrl([], url);
  return added.ok ? added.value[0] : undefined;
}
