import { describe, expect, it } from 'vitest';
import type { Tab } from '../domain/keyword.ts';
import { MESSAGES } from './messages.ts';
import { canAddTab, deleteTab, reorderTabs, saveTab, updateTab, validateTab, validateTabs } from './tabs.ts';

function tab(name: string, category = 'cat'): Tab {
  return { tabName: name, tabIcon: 'product', tabCategory: category };
}
const tabsOf = (n: number) => Array.from({ length: n }, (_, i) => tab(`tab ${i + 1}`));

describe('tab editor validation', () => {
  it.each([
    [{ tabName: 'Products', tabIcon: 'product', tabCategory: 'Product' }, {}],
    [{ tabName: '', tabIcon: 'product', tabCategory: 'x' }, { tabName: MESSAGES.tabNameRequired }],
    [{ tabName: '   ', tabIcon: 'product', tabCategory: 'x' }, { tabName: MESSAGES.tabNameRequired }],
    [{ tabName: 'x', tabCategory: 'x' }, { tabIcon: MESSAGES.tabIconRequired }],
    [{ tabName: 'x', tabIcon: 'rocket', tabCategory: 'x' }, { tabIcon: MESSAGES.tabIconRequired }],
    [{ tabName: 'x', tabIcon: 'pdf', tabCategory: ' ' }, { tabCategory: MESSAGES.tabCategoryRequired }],
    [
      {},
      {
        tabName: MESSAGES.tabNameRequired,
        tabIcon: MESSAGES.tabIconRequired,
        tabCategory: MESSAGES.tabCategoryRequired,
      },
    ],
    [{ tabName: ' ALL ', tabIcon: 'all', tabCategory: 'x' }, { tabName: MESSAGES.tabNameReserved }],
    [{ tabName: 'a\tb', tabIcon: 'all', tabCategory: 'x' }, { tabName: MESSAGES.tabNameControlCharacters }],
    [
      { tabName: 'docs', tabIcon: 'all', tabCategory: 'x\u001b[31m' },
      { tabCategory: MESSAGES.tabCategoryControlCharacters },
    ],
  ])('Given %j, when validated, then the errors are %j', (input, expected) => {
    expect(validateTab(input)).toEqual(expected);
  });
});

describe('saving tabs', () => {
  it('Given a new tab, when saved, then it is appended with its name lowercased and trimmed', () => {
    expect(saveTab([], { tabName: '  Données PDF ', tabIcon: 'pdf', tabCategory: 'Docs' })).toEqual({
      ok: true,
      value: [{ tabName: 'données pdf', tabIcon: 'pdf', tabCategory: 'Docs' }],
    });
  });

  it('Given an existing name in another case, when saved, then the tab is updated in place', () => {
    const tabs = [tab('videos'), tab('blog')];
    expect(saveTab(tabs, { tabName: 'VIDEOS', tabIcon: 'video', tabCategory: 'Video' })).toEqual({
      ok: true,
      value: [{ tabName: 'videos', tabIcon: 'video', tabCategory: 'Video' }, tab('blog')],
    });
  });

  it.each([
    [7, true],
    [8, false],
  ])('Given %i tabs, when a new one is saved, then accepted is %s', (count, accepted) => {
    const result = saveTab(tabsOf(count), { tabName: 'new', tabIcon: 'blog', tabCategory: 'x' });
    expect(result.ok).toBe(accepted);
    expect(result.ok ? result.value.length : result.error).toBe(
      accepted ? count + 1 : 'You can only set 8 tabs.',
    );
  });

  it('Given 8 tabs, when an existing name is saved, then it updates without hitting the limit', () => {
    expect(saveTab(tabsOf(8), { tabName: 'Tab 3', tabIcon: 'blog', tabCategory: 'y' }).ok).toBe(true);
  });

  it('Given an invalid tab, when saved, then it is refused with the first message', () => {
    expect(saveTab([], { tabName: 'x', tabIcon: 'pdf' })).toEqual({
      ok: false,
      error: MESSAGES.tabCategoryRequired,
    });
  });

  it.each([
    [7, true],
    [8, false],
    [9, false],
  ])('Given %i tabs, when asked if one can be added, then %s', (count, expected) => {
    expect(canAddTab(tabsOf(count))).toBe(expected);
  });
});

describe('updating and deleting tabs', () => {
  const tabs = [tab('a'), tab('b')];

  it('Given a tab loaded for edit, when renamed, then it is replaced in place', () => {
    expect(updateTab(tabs, 'A', { tabName: 'Z', tabIcon: 'pdf', tabCategory: 'c' })).toEqual({
      ok: true,
      value: [{ tabName: 'z', tabIcon: 'pdf', tabCategory: 'c' }, tab('b')],
    });
  });

  it('Given a tab loaded for edit, when renamed onto another tab, then it is refused', () => {
    expect(updateTab(tabs, 'a', { tabName: 'B', tabIcon: 'pdf', tabCategory: 'c' })).toEqual({
      ok: false,
      error: MESSAGES.tabNameTaken,
    });
  });

  it('Given a tab that is gone, when updated, then it is not found', () => {
    expect(updateTab(tabs, 'zz', { tabName: 'zz', tabIcon: 'pdf', tabCategory: 'c' })).toEqual({
      ok: false,
      error: MESSAGES.tabNotFound,
    });
  });

  it('Given tabs, when one is deleted by name in another case, then only it goes', () => {
    expect(deleteTab(tabs, 'A')).toEqual([tab('b')]);
  });
});

describe('stored tab lists', () => {
  it.each([
    [tabsOf(8), undefined],
    [tabsOf(9), MESSAGES.maxTabs],
    [[tab('a'), tab('a')], MESSAGES.tabNameTaken],
    [[tab('all')], MESSAGES.tabNameReserved],
    [[tab('a\nb')], MESSAGES.tabNameControlCharacters],
    [[tab('a', 'c\u0000')], MESSAGES.tabCategoryControlCharacters],
    [[], undefined],
  ])('Given %j, when validated, then the message is %j', (tabs, expected) => {
    expect(validateTabs(tabs)).toBe(expected);
  });
});

describe('reordering tabs (index 0 is the fixed All tab)', () => {
  const tabs = [tab('a'), tab('b'), tab('c')];
  const names = (result: ReturnType<typeof reorderTabs>) =>
    result.ok ? result.value.map((t) => t.tabName) : result.error;

  it.each([
    [1, 3, ['b', 'c', 'a']],
    [3, 1, ['c', 'a', 'b']],
    [2, 2, ['a', 'b', 'c']],
  ])('Given tabs a b c, when moving %i to %i, then the order is %j', (from, to, expected) => {
    expect(names(reorderTabs(tabs, from, to))).toEqual(expected);
  });

  it.each([
    [0, 2, MESSAGES.allTabFixed],
    [2, 0, MESSAGES.allTabFixed],
    [4, 1, MESSAGES.tabNotFound],
    [1, 4, MESSAGES.tabNotFound],
    [-1, 1, MESSAGES.tabNotFound],
  ])('Given tabs a b c, when moving %i to %i, then it is refused with %j', (from, to, error) => {
    expect(reorderTabs(tabs, from, to)).toEqual({ ok: false, error });
  });
});
