import { DOCUMENTATION_GROUPS } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RootLayout } from '../../shell/root-layout.tsx';
import { account, profile, seededFeatures } from '../../test/fixtures.ts';
import { renderPortal } from '../../test/render.tsx';
import { Component as DocumentScreen } from './document-screen.tsx';
import { Component as DocumentationScreen } from './documentation-screen.tsx';
import { DOCUMENT_PAGES } from './documents/document-pages.tsx';

// Under the root layout with the route table's titles, so the page titles are the portal's.
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/documentation',
        handle: { name: 'documentation', title: 'Documentation' },
        element: <DocumentationScreen />,
      },
      {
        path: '/documentation/:group/:docId',
        handle: { name: 'document', title: 'Documentation' },
        element: <DocumentScreen />,
      },
    ],
  },
];

const owner = profile();
const superAdmin = profile({ isBZAdmin: true, accounts: [account('a1', 'Acme', 'admin')] });

function renderDocs(path: string, viewer = owner) {
  return renderPortal({ path, routes, profile: viewer, features: seededFeatures() });
}

const groupHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the documentation index', () => {
  it('Given an owner, when they open /documentation, then they see Guides, Parametric and Keyword with their documents, and no Administration', () => {
    renderDocs('/documentation');
    expect(screen.getByRole('heading', { level: 1, name: 'Documentation' })).toBeDefined();
    expect(groupHeadings()).toEqual(['Guides', 'Parametric', 'Keyword']);
    const guides = screen.getByRole('region', { name: 'Guides' });
    expect(
      within(guides)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/documentation/guides/getting-started',
      '/documentation/guides/crawling',
      '/documentation/guides/synonyms-mapping-rewriting',
      '/documentation/guides/api',
      '/documentation/guides/cli',
    ]);
    const keyword = screen.getByRole('region', { name: 'Keyword' });
    expect(
      within(keyword)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Theming Keyword Interface', 'Advanced Keyword Theming', 'Keyword Client Events']);
    expect(screen.queryByRole('link', { name: 'Add Documentation' })).toBeNull();
  });

  it('Given a super admin, when they open /documentation, then Administration comes first with Add Documentation', () => {
    renderDocs('/documentation', superAdmin);
    expect(groupHeadings()).toEqual(['Administration', 'Guides', 'Parametric', 'Keyword']);
    expect(screen.getByRole('link', { name: 'Add Documentation' }).getAttribute('href')).toBe(
      '/documentation/administration/add-documentation',
    );
  });

  it('has content, with a summary, for every document of the spec and for no other', () => {
    const listed = DOCUMENTATION_GROUPS.flatMap((g) => g.documents.map((d) => `${g.id}/${d.id}`));
    expect(Object.keys(DOCUMENT_PAGES).sort()).toEqual(listed.sort());
    for (const page of Object.values(DOCUMENT_PAGES)) expect(page.summary).not.toBe('');
  });
});

describe('a document page', () => {
  it('Given the index, when a document is opened and left, then the page title is the document’s, then the index’s again', async () => {
    const user = userEvent.setup();
    renderDocs('/documentation');
    expect(document.title).toBe('Documentation | Siteseer');
    await user.click(screen.getByRole('link', { name: 'Keyword Client Events' }));
    await screen.findByRole('heading', { level: 1, name: 'Keyword Client Events' });
    expect(document.title).toBe('Keyword Client Events | Siteseer');
    await user.click(screen.getByRole('link', { name: 'Back to Documentation' }));
    await screen.findByRole('heading', { level: 1, name: 'Documentation' });
    expect(document.title).toBe('Documentation | Siteseer');
  });

  it("Given the index, when a super admin opens Add Documentation and then 'Back to Documentation', then they are back on the index", async () => {
    const user = userEvent.setup();
    const { router } = renderDocs('/documentation', superAdmin);
    await user.click(screen.getByRole('link', { name: 'Add Documentation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Documentation' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/documentation/administration/add-documentation');
    expect(screen.getByRole('table', { name: 'Files of the in-app documentation' })).toBeDefined();

    await user.click(screen.getByRole('link', { name: 'Back to Documentation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/documentation');
  });

  it("Given an owner, when they type in Add Documentation's address, then the page is not found", () => {
    renderDocs('/documentation/administration/add-documentation');
    expect(
      screen.getByText('The page /documentation/administration/add-documentation does not exist.'),
    ).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Add Documentation' })).toBeNull();
  });

  it.each([
    '/documentation/keyword/no-such-document',
    '/documentation/no-such-group/theming-keyword-interface',
    '/documentation/parametric/theming-keyword-interface',
  ])('shows not-found for %s', (path) => {
    renderDocs(path, superAdmin);
    expect(screen.getByText(`The page ${path} does not exist.`)).toBeDefined();
  });

  it('Given the keyword events document, then each event has its fields table and a listener to copy', async () => {
    renderDocs('/documentation/keyword/keyword-client-events');
    expect(screen.getByRole('heading', { level: 1, name: 'Keyword Client Events' })).toBeDefined();
    const click = screen.getByRole('region', { name: 'siteseer:click' });
    const fields = within(click).getByRole('table', { name: 'Fields of event.detail for siteseer:click' });
    const rows = within(fields).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'query',
      'tab',
      'url',
      'position',
      'pinned',
      'source',
    ]);
    expect(within(rows[5] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe(
      "'result' | 'suggestion'",
    );
    const listener = within(click).getByRole('region', { name: 'Listener for siteseer:click' });
    expect(within(listener).getByLabelText('Listener for siteseer:click').textContent).toContain(
      "document.addEventListener('siteseer:click', (event) => {",
    );
    // happy-dom loads no script files: the live example says where the widget could not come from.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The widget could not be loaded from http://portal.test/widget/siteseer-widget.js.',
    );
  });
});
