import { MESSAGES, type Tab, type TabIcon } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRoutes } from '../../../test/render.tsx';
import { renderStep } from './step-harness.test-kit.tsx';
import { TabsStep } from './tabs-step.tsx';

const FILTERS = 'POST searchengines/e1/filters';
const withCategories = (category: Record<string, number>): FakeRoutes => ({
  [FILTERS]: () => ({ category }),
});
const tab = (tabName: string, tabIcon: TabIcon = 'documentation', tabCategory = tabName): Tab => ({
  tabName,
  tabIcon,
  tabCategory,
});

const nameBox = () => screen.getByRole('textbox', { name: /^Tab name/ }) as HTMLInputElement;
const categoryBox = () => screen.getByRole('combobox', { name: /^Tab category/ }) as HTMLInputElement;
const listed = () =>
  within(screen.getByRole('list', { name: 'Tabs' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function chooseIcon(icon: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /^Tab icon/ }));
  await userEvent.click(await screen.findByRole('option', { name: icon }));
}

async function fillTab(name: string, icon: string, category: string) {
  await userEvent.clear(nameBox());
  await userEvent.type(nameBox(), name);
  await chooseIcon(icon);
  await userEvent.clear(categoryBox());
  await userEvent.type(categoryBox(), category);
}

describe('Tabs step', () => {
  it('Given the engine’s categories, when a tab is added with a category picked from them, then it is stored lowercased', async () => {
    const { draft, calls } = renderStep(TabsStep, { api: withCategories({ blog: 3, docs: 12 }) });
    await userEvent.type(nameBox(), 'Docs');
    await chooseIcon('documentation');
    await userEvent.click(categoryBox());
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['docs', 'blog']);
    await userEvent.click(screen.getByRole('option', { name: 'docs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Tab' }));

    expect(draft.current.tabs).toEqual([tab('docs', 'documentation', 'docs')]);
    expect(listed()).toEqual(['Allalways first', 'docsdocs']);
    expect(screen.getByText("Added tab 'docs'.").getAttribute('role')).toBe('status');
    expect(calls.filter((call) => call.path === 'searchengines/e1/filters')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ appliedFilters: { category: [] } });
  });

  it('Given an empty editor, when Add Tab is pressed, then name, icon and category are required', async () => {
    const { patches } = renderStep(TabsStep, { api: withCategories({}) });
    await userEvent.click(screen.getByRole('button', { name: 'Add Tab' }));
    expect(screen.getByText(MESSAGES.tabNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.tabIconRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.tabCategoryRequired)).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('Given a tab named All, then it is refused: the All tab is fixed', async () => {
    renderStep(TabsStep, { api: withCategories({}) });
    await fillTab('ALL', 'all', 'docs');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tab' }));
    expect(screen.getByText(MESSAGES.tabNameReserved)).toBeTruthy();
  });

  it('Given no categories yet, then the step says so and a typed URL pattern is a category', async () => {
    const { draft } = renderStep(TabsStep, { api: withCategories({}) });
    expect(await screen.findByText(/has no categories yet/)).toBeTruthy();
    await fillTab('blog', 'blog', '*/blog/*');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tab' }));
    expect(draft.current.tabs).toEqual([tab('blog', 'blog', '*/blog/*')]);
  });

  it('Given 8 tabs, when a ninth is added, then "You can only set 8 tabs."; an existing name is updated instead', async () => {
    const eight = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'].map((name) => tab(name));
    const { draft } = renderStep(TabsStep, { settings: { tabs: eight }, api: withCategories({}) });
    await fillTab('ninth', 'pdf', 'pdfs');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tab' }));
    expect(screen.getByText(MESSAGES.maxTabs)).toBeTruthy();
    expect(draft.current.tabs).toEqual(eight);

    await fillTab('A3', 'pdf', 'pdfs');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tab' }));
    expect(screen.queryByText(MESSAGES.maxTabs)).toBeNull();
    expect(draft.current.tabs).toHaveLength(8);
    expect(draft.current.tabs[2]).toEqual(tab('a3', 'pdf', 'pdfs'));
    expect(screen.getByText("Updated tab 'a3'.")).toBeTruthy();
  });

  it('Given tabs, when one is clicked, then it loads with Update Tab and Cancel; a rename onto another is refused', async () => {
    const { draft } = renderStep(TabsStep, {
      settings: { tabs: [tab('docs'), tab('blog', 'blog')] },
      api: withCategories({ docs: 1 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'docs' }));
    expect(screen.getByText("Edit tab 'docs'")).toBeTruthy();
    expect(nameBox().value).toBe('docs');
    expect(screen.queryByRole('button', { name: 'Add Tab' })).toBeNull();

    await userEvent.clear(nameBox());
    await userEvent.type(nameBox(), 'Blog');
    await userEvent.click(screen.getByRole('button', { name: 'Update Tab' }));
    expect(screen.getByText(MESSAGES.tabNameTaken)).toBeTruthy();

    await userEvent.clear(nameBox());
    await userEvent.type(nameBox(), 'Guides');
    await userEvent.click(screen.getByRole('button', { name: 'Update Tab' }));
    expect(draft.current.tabs).toEqual([tab('guides', 'documentation', 'docs'), tab('blog', 'blog')]);
    expect(screen.getByText('Add a tab')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'blog' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(nameBox().value).toBe('');
    expect(screen.getByRole('button', { name: 'Add Tab' })).toBeTruthy();
  });

  it('Given a tab being edited, when Delete Tab is pressed, then it goes', async () => {
    const { draft } = renderStep(TabsStep, {
      settings: { tabs: [tab('docs'), tab('blog')] },
      api: withCategories({}),
    });
    await userEvent.click(screen.getByRole('button', { name: 'docs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Tab' }));
    expect(draft.current.tabs).toEqual([tab('blog')]);
    expect(screen.getByText("Deleted tab 'docs'.")).toBeTruthy();
  });

  it('Given a tab being edited, when Cancel, Update Tab or Delete Tab is pressed, then focus goes to Tab name, not the page top', async () => {
    renderStep(TabsStep, { settings: { tabs: [tab('docs'), tab('blog')] }, api: withCategories({}) });
    const press = async (name: string) => {
      screen.getByRole('button', { name }).focus();
      await userEvent.keyboard('{Enter}');
    };
    await userEvent.click(screen.getByRole('button', { name: 'docs' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'docs' }));
    await press('Cancel');
    expect(document.activeElement).toBe(nameBox());
    await userEvent.click(screen.getByRole('button', { name: 'docs' }));
    await press('Update Tab');
    expect(document.activeElement).toBe(nameBox());
    await userEvent.click(screen.getByRole('button', { name: 'blog' }));
    await press('Delete Tab');
    expect(document.activeElement).toBe(nameBox());
  });

  it('Given tabs, then All stays first and the others move with their arrow buttons', async () => {
    const { draft } = renderStep(TabsStep, {
      settings: { tabs: [tab('docs'), tab('blog'), tab('video')] },
      api: withCategories({}),
    });
    expect(screen.getByRole('button', { name: 'Move tab docs up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move tab video down' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Move tab All/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Drag tab All/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Move tab video up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move tab docs down' }));
    expect(draft.current.tabs.map((t) => t.tabName)).toEqual(['video', 'docs', 'blog']);
    expect(listed()[0]).toBe('Allalways first');
    expect(
      listed()
        .slice(1)
        .map((text) => text?.slice(0, 5)),
    ).toEqual(['video', 'docsd', 'blogb']);
  });

  it('Then each tab has a keyboard drag handle', () => {
    renderStep(TabsStep, { settings: { tabs: [tab('docs')] }, api: withCategories({}) });
    const handle = screen.getByRole('button', { name: 'Drag tab docs' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(handle.getAttribute('tabindex')).toBe('0');
  });

  it('Then the tab list holds list items only (the drag live region sits outside it, as axe requires)', () => {
    renderStep(TabsStep, { settings: { tabs: [tab('docs')] }, api: withCategories({}) });
    const children = [...screen.getByRole('list', { name: 'Tabs' }).children].map((child) => child.tagName);
    expect(children).toEqual(['LI', 'LI']);
  });

  it('Then the useTabs switch and the cross-reference category (from the categories) are set', async () => {
    const { draft } = renderStep(TabsStep, {
      settings: { crossReferenceCategory: 'retired' },
      api: withCategories({ docs: 5, parts: 9 }),
    });
    await userEvent.click(screen.getByRole('switch', { name: 'Use tabs' }));
    expect(draft.current.useTabs).toBe(true);

    await waitFor(() => expect(screen.queryByText('Loading the engine’s categories…')).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: /^Cross-reference category/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['None', 'parts', 'docs', 'retired']);
    await userEvent.click(screen.getByRole('option', { name: 'parts' }));
    expect(draft.current.crossReferenceCategory).toBe('parts');
  });

  it('Given tabs with Use tabs off, then a warning says visitors see only All; turning it on removes it', async () => {
    renderStep(TabsStep, { api: withCategories({}), settings: { tabs: [tab('docs')] } });
    const warning = await screen.findByText(
      'Use tabs is off: visitors see only the All tab until you turn it on.',
    );
    expect(warning.closest('[role="status"]')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Use tabs' }));
    expect(screen.queryByText(/Use tabs is off/)).toBeNull();
  });

  it('Given no tabs, then Use tabs off needs no warning', () => {
    renderStep(TabsStep, { api: withCategories({}) });
    expect(screen.queryByText(/Use tabs is off/)).toBeNull();
  });

  it('Given the filters call fails, then a warning says so and a category can still be typed', async () => {
    renderStep(TabsStep, {
      api: { [FILTERS]: () => Response.json({ detail: 'Engine not found.' }, { status: 404 }) },
    });
    expect(await screen.findByText(/could not be loaded \(Engine not found\.\)/)).toBeTruthy();
  });
});
