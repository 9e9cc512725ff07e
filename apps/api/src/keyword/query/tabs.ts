import { ALL_TAB, type KeywordClientSettings, type KeywordTab } from '@siteseer/core';
import type { TabSpec } from '../backend.ts';

export interface EngineTabs {
  /** What the widget shows: 'all' first, then the engine's tabs in order. */
  tabs: KeywordTab[];
  /** What each tab after 'all' selects: `specs[i]` is `tabs[i + 1]`. */
  specs: TabSpec[];
}

/**
 * What a tab's category selects. The wizard picks categories from the custom tags the crawler read,
 * so a category is a tag name (compared case-insensitively by the backend); a category holding '/'
 * or '*' cannot be a tag a site would use and is read as a URL wildcard instead (core's wildcard
 * rules, matched against the whole URL as relevance rules are, so a section's pattern starts with
 * its site or with '*').
 */
export function tabSpecOf(category: string): TabSpec {
  const trimmed = category.trim();
  return trimmed.includes('/') || trimmed.includes('*')
    ? { tags: [], urlPattern: trimmed }
    : { tags: [trimmed] };
}

/** The tabs of a keyword client: only 'all' unless it uses tabs. */
export function tabsOf(settings: Pick<KeywordClientSettings, 'tabs' | 'useTabs'>): EngineTabs {
  const tabs: KeywordTab[] = [{ name: ALL_TAB, icon: 'all' }];
  const specs: TabSpec[] = [];
  if (settings.useTabs) {
    for (const tab of settings.tabs) {
      tabs.push({ name: tab.tabName, icon: tab.tabIcon });
      specs.push(tabSpecOf(tab.tabCategory));
    }
  }
  return { tabs, specs };
}
