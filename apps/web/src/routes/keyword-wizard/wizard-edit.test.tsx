import { MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_FAILURE_TEXT } from '../../api/error-text.ts';
import { account, engine, profile } from '../../test/fixtures.ts';
import { type FakeRoutes, renderPortal } from '../../test/render.tsx';
import { takePendingReport } from '../error/pending-report.ts';
import { ENGINE_NOT_FOUND } from './edit-loader.ts';
import {
  addSite,
  button,
  clientAnswer,
  keywordFeatures,
  listedSites,
  queued,
  shownStep,
  stepTab,
} from './wizard.test-kit.tsx';
import { editLoader, Component as Wizard } from './wizard-screen.tsx';

const docs = engine({
  id: 'eng1',
  searchEngineName: 'Docs Search',
  searchEngineType: 'kw',
  urls: ['https://docs.example.com/'],
  pageLoadDelay: '500ms',
  synonymFieldId: 'synonyms-eng1',
  // The engine's copy of a client setting: the client's own copy wins.
  origin: '*',
});

const clientSettings = {
  origin: 'https://docs.example.com',
  relevance: [{ id: 'r1', weight: 5, target: 'URL', matches: '*/guide/*', match_type: 'wildcard' }],
  resultRanking: {
    enabled: true,
    entries: [{ query: 'install', results: ['https://docs.example.com/install'] }],
  },
  tabs: [],
  useTabs: false,
  crossReferenceCategory: '',
  synonymFieldId: 'synonyms-eng1',
  urlRewriteRules: [],
};

const editApi: FakeRoutes = {
  'GET searchengines/eng1': () => docs,
  'GET clients': () => [{ ...clientAnswer, settings: clientSettings }],
  'PUT searchengines/eng1': () => ({ synonymFieldId: 'synonyms-eng1' }),
  'PUT client/cli1/settings': () => clientAnswer,
  'POST datasource/crawler': () => queued,
  'PUT datasource/crawler': () => queued,
};

function renderEdit(
  engineId = 'eng1',
  api: FakeRoutes = editApi,
  search = '',
  role: 'owner' | 'user' = 'owner',
) {
  return renderPortal({
    path: `/engine/keyword/${engineId}/edit${search}`,
    routes: (services) => [
      { path: '/engine/keyword/:engineId/edit', Component: Wizard, loader: editLoader(services) },
      { path: '/error', element: <p>Error page</p> },
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    profile: profile({ accounts: [account('a1', 'Acme', role, ['kw'])] }),
    features: keywordFeatures(),
    engines: [docs],
    api,
  });
}

const writes = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method !== 'GET');

describe('Keyword wizard, edit', () => {
  it('Given the Tabs and Synonyms steps, then each is one region of its name (landmarks stay distinguishable)', async () => {
    renderEdit('eng1', editApi, '?step=Tabs');
    await screen.findByRole('heading', { level: 2, name: 'Tabs' });
    expect(screen.getAllByRole('region', { name: 'Tabs' })).toHaveLength(1);
    await userEvent.click(stepTab('Synonyms'));
    await screen.findByRole('heading', { level: 2, name: 'Synonyms' });
    expect(screen.getAllByRole('region', { name: 'Synonyms' })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Character mapping' })).toBeTruthy();
  });

  it('Given a role without ENGINE_EDIT, when the edit URL is opened, then the reason shows instead of the steps', async () => {
    const { calls } = renderEdit('eng1', editApi, '', 'user');
    expect(
      await screen.findByText('Your role cannot edit search engines (feature ENGINE_EDIT).'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Keyword Edit Wizard');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('Given an engine of the account, then the loader fills the wizard: every step unlocked, name and account locked, the client settings shown', async () => {
    renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Keyword Edit Wizard' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/^\d+/, ''))).toEqual([
      'Name',
      'Crawler',
      'Tabs',
      'Influence',
      'URL Rewriting',
      'Synonyms',
      'Review',
    ]);
    expect(screen.getAllByRole('tab').every((tab) => !tab.hasAttribute('disabled'))).toBe(true);
    expect((screen.getByRole('textbox', { name: /Search Engine Name/ }) as HTMLInputElement).value).toBe(
      'Docs Search',
    );
    expect(screen.getByRole('textbox', { name: /Search Engine Name/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: /Account/ }).getAttribute('aria-disabled')).toBe('true');

    await userEvent.click(stepTab('Review'));
    const review = shownStep('Review');
    expect(within(review).getByRole('region', { name: 'Crawler settings' }).textContent).toContain(
      'https://docs.example.com',
    );
    expect(
      within(review).getByRole('region', { name: 'Relevance and result ranking' }).textContent,
    ).toContain('*/guide/* (weight 5)');
    expect(button('Publish')).toBeTruthy();
  });

  it('Given ?step= naming a step (the analytics links), then the wizard opens on it', async () => {
    renderEdit('eng1', editApi, '?step=Synonyms&query=sofa');
    await screen.findAllByRole('region', { name: 'Synonyms' });
    expect(stepTab('Synonyms').getAttribute('aria-selected')).toBe('true');
  });

  it('Given ?step= naming no step, then the wizard opens on Name', async () => {
    renderEdit('eng1', editApi, '?step=Nowhere');
    expect(await screen.findByRole('region', { name: 'Name' })).toBeTruthy();
  });

  it('Given the last site, then it cannot be removed and the step says why; with a second one added, either can', async () => {
    renderEdit();
    await userEvent.click(await screen.findByRole('tab', { name: /Crawler$/ }));
    expect((screen.getByRole('textbox', { name: /Origin/ }) as HTMLInputElement).value).toBe(
      'https://docs.example.com',
    );
    expect(button('Remove https://docs.example.com/').hasAttribute('disabled')).toBe(true);
    const why = 'A published engine keeps at least one site: add another to remove this one.';
    expect(screen.getByText(why)).toBeTruthy();
    await addSite('blog.example.com');
    expect(button('Remove https://docs.example.com/').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(why)).toBeNull();
  });

  it('Given a site added, when Publish is pressed, then engine, client and crawler are updated and a crawl starts for the new site only', async () => {
    const { calls, router } = renderEdit();
    await userEvent.click(await screen.findByRole('tab', { name: /Crawler$/ }));
    await addSite('blog.example.com');
    await addSite('https://docs.example.com/');
    expect(listedSites()).toEqual(['https://docs.example.com/', 'blog.example.com']);
    await userEvent.click(stepTab('Review'));
    await userEvent.click(button('Publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    const made = writes(calls);
    expect(made.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT searchengines/eng1',
      'PUT client/cli1/settings',
      'POST datasource/crawler',
      'PUT datasource/crawler',
    ]);
    expect(made[0]?.body).toMatchObject({
      id: 'eng1',
      searchEngineName: 'Docs Search',
      urls: ['https://docs.example.com/', 'blog.example.com'],
      pageLoadDelay: '500ms',
    });
    expect(made[1]?.body).toMatchObject({
      type: 'kw',
      settings: {
        origin: 'https://docs.example.com',
        resultRanking: { enabled: true, entries: [{ query: 'install' }] },
        relevance: [{ matches: '*/guide/*' }],
      },
    });
    expect(made[2]?.body).toMatchObject({ engineId: 'eng1', recreate: false, pageLoadDelay: '500ms' });
    expect(made[3]?.body).toEqual({ accountId: 'a1', engineId: 'eng1', site: 'blog.example.com' });
  });

  it('Given the Crawler step, then a note says its changes take effect as pages are crawled again; a changed crawler setting is named on Review, a new site is not', async () => {
    renderEdit();
    await userEvent.click(await screen.findByRole('tab', { name: /Crawler$/ }));
    const note = within(shownStep('Crawler')).getByRole('note', { name: 'When crawler changes take effect' });
    expect(note.textContent).toBe(
      'Changes on this step, Origin aside, take effect as each page is crawled again, not when you publish: until then, search shows a page as it was last crawled. A new site starts crawling when you publish. The crawl report gives each page’s Next Check.',
    );

    await addSite('blog.example.com');
    await userEvent.click(stepTab('Review'));
    expect(within(shownStep('Review')).queryByRole('note')).toBeNull();

    await userEvent.click(stepTab('Crawler'));
    await userEvent.click(screen.getByRole('switch', { name: 'Remove hash fragments from URLs' }));
    await userEvent.click(stepTab('Review'));
    expect(
      within(shownStep('Review')).getByRole('note', { name: 'When crawler changes take effect' }).textContent,
    ).toBe(
      'Your changes to Remove hash fragments from URLs take effect as each page is crawled again, not when you publish. The crawl report gives each page’s Next Check.',
    );
  });

  it('Given a content target that is not a CSS selector, when Publish is pressed, then nothing is saved and the Crawler step says why', async () => {
    const { calls } = renderEdit();
    await userEvent.click(await screen.findByRole('tab', { name: /Crawler$/ }));
    await userEvent.click(screen.getByRole('switch', { name: 'Use a content target' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Content target/ }), 'main[[');
    await userEvent.click(stepTab('Review'));
    await userEvent.click(button('Publish'));

    expect(
      await screen.findByText(
        'Content target is not a valid CSS selector: the crawler would fail on every page it reads. Correct it on the Crawler step, then publish.',
      ),
    ).toBeTruthy();
    expect(shownStep('Crawler')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox', { name: /^Content target/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Content target/ }), 'main');
    expect(screen.queryByText(/not a valid CSS selector/)).toBeNull();
  });

  it('Given no new site, then no crawl is started', async () => {
    const { calls, router } = renderEdit();
    await userEvent.click(await screen.findByRole('tab', { name: /Review$/ }));
    await userEvent.click(button('Publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes(calls).map((c) => c.path)).not.toContain('datasource/crawler/start');
    expect(writes(calls).filter((c) => c.method === 'PUT' && c.path === 'datasource/crawler')).toEqual([]);
  });

  it.each([
    ['PUT searchengines/eng1', MESSAGES.failedUpdateEngine],
    ['PUT datasource/crawler', MESSAGES.failedStartCrawls],
  ])(
    'Given %s refused, then its spec text shows with the reason and the wizard stays',
    async (call, message) => {
      const { router } = renderEdit('eng1', {
        ...editApi,
        [call]: () => Response.json({ detail: 'Not now.' }, { status: 409 }),
      });
      await userEvent.click(await screen.findByRole('tab', { name: /Crawler$/ }));
      await addSite('blog.example.com');
      await userEvent.click(stepTab('Review'));
      await userEvent.click(button('Publish'));
      const alert = await screen.findByText(message);
      expect(alert.closest('[role="alert"]')?.textContent).toBe(`${message}Not now.`);
      expect(button('Publish').hasAttribute('disabled')).toBe(false);
      expect(router.state.location.pathname).toBe('/engine/keyword/eng1/edit');
    },
  );

  it('Given the server unreachable on Publish, then the spec text shows with a plain reason, not the request', async () => {
    renderEdit('eng1', {
      ...editApi,
      'PUT searchengines/eng1': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: /Review$/ }));
    await userEvent.click(button('Publish'));
    const alert = await screen.findByText(MESSAGES.failedUpdateEngine);
    expect(alert.closest('[role="alert"]')?.textContent).toBe(
      `${MESSAGES.failedUpdateEngine}${NETWORK_FAILURE_TEXT}`,
    );
    expect(button('Publish').hasAttribute('disabled')).toBe(false);
  });

  it('Given an engine id the user has no engine of, then it is not found and nothing of it is asked for', async () => {
    const { calls } = renderEdit('other');
    expect((await screen.findByRole('alert')).textContent).toBe(ENGINE_NOT_FOUND);
    expect(calls).toEqual([]);
  });

  it('Given 500 on the client list, then the error page gets the report', async () => {
    const { router } = renderEdit('eng1', {
      ...editApi,
      'GET clients': () => new Response('clients store down', { status: 500 }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(takePendingReport()).toMatchObject({ errorText: 'clients store down' });
  });
});
