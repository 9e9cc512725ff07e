import { z } from 'zod';
import { ALL_TAB_NAME, LIMITS, TAB_ICONS } from '../constants.ts';
import { hasControlCharacter } from '../domain/control-characters.ts';
import type { Tab } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import type { FieldErrors, RuleResult } from './rule-result.ts';
import { fail, fieldErrorsOf, ok } from './rule-result.ts';

function sameTabName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The tab editor's fields: name (trimmed, stored lowercased), icon (one of the spec's options) and
 * category, all required. 'all' is refused as a name: the fixed 'All' tab always exists.
 */
export const TabForm = z.object({
  tabName: z
    .string({ error: MESSAGES.tabNameRequired })
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.tabNameRequired)
    .refine((name) => !sameTabName(name, ALL_TAB_NAME), MESSAGES.tabNameReserved)
    .refine((name) => !hasControlCharacter(name), MESSAGES.tabNameControlCharacters),
  tabIcon: z.enum(TAB_ICONS, { error: MESSAGES.tabIconRequired }),
  tabCategory: z
    .string({ error: MESSAGES.tabCategoryRequired })
    .trim()
    .min(1, MESSAGES.tabCategoryRequired)
    .refine((category) => !hasControlCharacter(category), MESSAGES.tabCategoryControlCharacters),
});

/** What the tab editor submits (any field may still be missing). */
export interface TabInput {
  tabName?: unknown;
  tabIcon?: unknown;
  tabCategory?: unknown;
}

/** Errors of the tab editor by field; empty when valid. */
export function validateTab(input: TabInput): FieldErrors<keyof Tab> {
  const result = TabForm.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

function parseTab(input: TabInput): RuleResult<Tab> {
  const result = TabForm.safeParse(input);
  return result.success ? ok(result.data) : fail(result.error.issues[0]?.message ?? MESSAGES.tabNameRequired);
}

/** Whether another tab can be added (at most 8; the fixed 'All' tab is extra). */
export function canAddTab(tabs: readonly Tab[]): boolean {
  return tabs.length < LIMITS.maxTabs;
}

/**
 * Saves a tab from the editor in add mode: a tab whose name exists (case-insensitively) is updated in
 * place rather than duplicated; a new one is appended unless there are already 8.
 */
export function saveTab(tabs: readonly Tab[], input: TabInput): RuleResult<Tab[]> {
  const parsed = parseTab(input);
  if (!parsed.ok) return parsed;
  const tab = parsed.value;
  const at = tabs.findIndex((existing) => sameTabName(existing.tabName, tab.tabName));
  if (at >= 0) return ok(tabs.map((existing, index) => (index === at ? tab : existing)));
  if (!canAddTab(tabs)) return fail(MESSAGES.maxTabs);
  return ok([...tabs, tab]);
}

/** Updates the tab loaded in the editor (edit mode), which may be renamed but not onto another tab. */
export function updateTab(tabs: readonly Tab[], originalName: string, input: TabInput): RuleResult<Tab[]> {
  const at = tabs.findIndex((existing) => sameTabName(existing.tabName, originalName));
  if (at < 0) return fail(MESSAGES.tabNotFound);
  const parsed = parseTab(input);
  if (!parsed.ok) return parsed;
  const tab = parsed.value;
  if (tabs.some((existing, index) => index !== at && sameTabName(existing.tabName, tab.tabName))) {
    return fail(MESSAGES.tabNameTaken);
  }
  return ok(tabs.map((existing, index) => (index === at ? tab : existing)));
}

/** Removes the tab with this name (case-insensitively). */
export function deleteTab(tabs: readonly Tab[], name: string): Tab[] {
  return tabs.filter((tab) => !sameTabName(tab.tabName, name));
}

/**
 * Checks a whole stored tab list, as the API receives it: at most 8, names unique and not 'all', no
 * control characters in names and categories (a visitor reads them on the tab bar).
 */
export function validateTabs(tabs: readonly Tab[]): string | undefined {
  if (tabs.length > LIMITS.maxTabs) return MESSAGES.maxTabs;
  if (tabs.some((tab) => hasControlCharacter(tab.tabName))) return MESSAGES.tabNameControlCharacters;
  if (tabs.some((tab) => hasControlCharacter(tab.tabCategory))) return MESSAGES.tabCategoryControlCharacters;
  const names = tabs.map((tab) => tab.tabName.trim().toLowerCase());
  if (names.includes(ALL_TAB_NAME.toLowerCase())) return MESSAGES.tabNameReserved;
  return new Set(names).size === names.length ? undefined : MESSAGES.tabNameTaken;
}

/**
 * Moves a tab, with indexes as the tab bar shows them: 0 is the fixed 'All' tab and 1..n the stored
 * tabs. Moving 'All', or moving a tab to index 0 (before 'All'), is refused; so is an index past the end.
 */
export function reorderTabs(tabs: readonly Tab[], from: number, to: number): RuleResult<Tab[]> {
  const inRange = (index: number) => Number.isInteger(index) && index >= 1 && index <= tabs.length;
  if (from === 0 || to === 0) return fail(MESSAGES.allTabFixed);
  if (!inRange(from) || !inRange(to)) return fail(MESSAGES.tabNotFound);
  const moved = [...tabs];
  const [tab] = moved.splice(from - 1, 1);
  if (tab) moved.splice(to - 1, 0, tab);
  return ok(moved);
}
