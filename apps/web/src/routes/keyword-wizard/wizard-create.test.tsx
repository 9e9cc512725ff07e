import { FEATURE_FLAGS, MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, profile } from '../../test/fixtures.ts';
import { type FakeRoutes, renderPortal } from '../../test/render.tsx';
import { AddEngineCards } from '../dashboard/add-engine-cards.tsx';
import {
  addSite,
  button,
  clientAnswer,
  created,
  keywordFeatures,
  listedSites,
  queued,
  shownStep,
  stepTab,
} from './wizard.test-kit.tsx';
import { Component as Wizard } from './wizard-screen.tsx';

const happyApi: FakeRoutes = {
  'POST searchengines': () => created,
  'PUT client/cli1/settings': () => clientAnswer,
  'POST datasource/crawler': () => queued,
};

function renderCreate(
  options: { api?: FakeRoutes; off?: string[]; accounts?: ReturnType<typeof account>[] } = {},
) {
  return renderPortal({
    path: '/engine/keyword/create',
    routes: [
      { path: '/engine/keyword/create', element: <Wizard /> },
      {
        path: '/',
        element: <AddEngineCards cards={[{ productType: 'kw', disabled: false, refusal: undefined }]} />,
      },
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    profile: profile({ accounts: options.accounts ?? [account('a1', 'Acme', 'owner')] }),
    features: keywordFeatures(options.off),
    api: options.api ?? happyApi,
  });
}

/** happy-dom's window width, for the media queries of narrow screens. */
const setViewportWidth = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }
  ).happyDOM.setViewport({
    width,
  });

/** The calls that change something (the dashboard's data is read again after a save). */
const writes = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

async function fillName(name = 'Docs Search') {
  await userEvent.type(screen.getByRole('textbox', { name: /Search Engine Name/ }), name);
}

/** Name and one site filled, then Next up to the Review step. */
async function toReview() {
  await fillName();
  await userEvent.click(button('Next'));
  await addSite('docs.example.com');
  while (!screen.queryByRole('button', { name: 'Create & Publish' })) await userEvent.click(button('Next'));
}

describe('Keyword wizard, create', () => {
  it('Given an owner with every section on, then the title and the steps of core show, Tabs left out, all but Name locked', () => {
    renderCreate();
    expect(screen.getByRole('heading', { level: 1, name: 'Keyword Creation Wizard' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Name Keyword Search engine' })).toBeTruthy();
    const names = screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/^\d+/, ''));
    expect(names).toEqual(['Name', 'Crawler', 'Influence', 'URL Rewriting', 'Synonyms', 'Review']);
    expect(stepTab('Crawler').hasAttribute('disabled')).toBe(true);
    expect(stepTab('Review').hasAttribute('disabled')).toBe(true);
  });

  it('Given the URL rewriting, synonyms and both influence sections off, then only Name, Crawler and Review remain', () => {
    renderCreate({
      off: [
        FEATURE_FLAGS.KW_WIZARD_URL_REWRITE,
        FEATURE_FLAGS.KW_WIZARD_SYNONYMS,
        FEATURE_FLAGS.KW_WIZARD_RELEVANCE,
        FEATURE_FLAGS.KW_WIZARD_RESULT_RANKING,
      ],
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/^\d+/, ''))).toEqual([
      'Name',
      'Crawler',
      'Review',
    ]);
  });

  it('Given an empty Name step, when Next is pressed, then the step is marked in error with its messages and Correct errors shows', async () => {
    renderCreate({ accounts: [account('a1', 'Acme', 'owner'), account('a2', 'Beta', 'owner')] });
    await userEvent.click(button('Next'));
    expect(screen.getByText(MESSAGES.correctErrors)).toBeTruthy();
    expect(screen.getByText(MESSAGES.accountRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.engineNameRequired)).toBeTruthy();
    expect(shownStep('Name')).toBeTruthy();
    expect(stepTab('Name').querySelector('.Mui-error')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: /Account/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Beta' }));
    await fillName('Docs');
    expect(screen.getByText(MESSAGES.engineNameTooShort)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Search Engine Name/ }), ' 2');
    expect(screen.queryByText(MESSAGES.correctErrors)).toBeNull();
    expect(stepTab('Name').querySelector('.Mui-error')).toBeNull();
    await userEvent.click(button('Next'));
    expect(shownStep('Crawler')).toBeTruthy();
  });

  it('Given no site, when Next is pressed on Crawler, then At least one site must be added. blocks; an emptied origin blocks too', async () => {
    renderCreate();
    await fillName();
    await userEvent.click(button('Next'));
    await userEvent.click(button('Next'));
    expect(screen.getByText(MESSAGES.atLeastOneSite)).toBeTruthy();
    expect(screen.getByText(MESSAGES.correctErrors)).toBeTruthy();
    expect(shownStep('Crawler')).toBeTruthy();

    await addSite('docs.example.com');
    await userEvent.clear(screen.getByRole('textbox', { name: /Origin/ }));
    expect(screen.getByText(MESSAGES.originRequired)).toBeTruthy();
    await userEvent.click(button('Next'));
    expect(shownStep('Crawler')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Origin/ }), '*');
    expect(screen.getByText('Leave the (*) wildcard to allow any host.')).toBeTruthy();
    await userEvent.click(button('Next'));
    expect(shownStep('Influence')).toBeTruthy();
  });

  it('Given an ignored URL parameter with a space, when Next is pressed on Crawler, then it blocks naming the entry', async () => {
    const { calls } = renderCreate();
    await fillName();
    await userEvent.click(button('Next'));
    await addSite('docs.example.com');
    const field = screen.getByRole('textbox', { name: 'Ignored URL parameters' });
    await userEvent.type(field, 'ref*{Enter}utm source');
    await userEvent.click(button('Next'));
    expect(shownStep('Crawler')).toBeTruthy();
    expect(screen.getByText(/^"utm source" is not a URL parameter name/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(field);
    await userEvent.type(field, 'ref*{Enter}utm_source_platform');
    await userEvent.click(button('Next'));
    expect(shownStep('Influence')).toBeTruthy();
    while (!screen.queryByRole('button', { name: 'Create & Publish' })) await userEvent.click(button('Next'));
    expect(shownStep('Review').textContent).toContain('ref*');
    await userEvent.click(button('Create & Publish'));
    await waitFor(() => expect(writes(calls)).toContain('POST datasource/crawler'));
    const crawler = calls.find((c) => c.path === 'datasource/crawler');
    expect(crawler?.body).toMatchObject({ ignoreParameters: ['ref*', 'utm_source_platform'] });
  });

  it('Given steps passed without errors, then they show a tick as in the parametric wizard; a step in error does not', async () => {
    renderCreate();
    const ticked = (name: string) =>
      stepTab(name).querySelector('.MuiStepLabel-label.Mui-completed') !== null;
    expect(ticked('Name')).toBe(false);
    await fillName();
    await userEvent.click(button('Next'));
    expect(ticked('Name')).toBe(true);
    await userEvent.click(button('Next'));
    expect(shownStep('Crawler')).toBeTruthy();
    expect(ticked('Crawler')).toBe(false);
    await userEvent.click(stepTab('Name'));
    expect(ticked('Name')).toBe(false);
  });

  it('Then the steps wrap onto more rows rather than widen the page on a narrow screen', () => {
    renderCreate();
    const stepper = screen.getByRole('tablist', { name: 'Wizard steps' });
    expect(getComputedStyle(stepper).flexWrap).toBe('wrap');
  });

  it('Given a phone-wide screen, then the step buttons keep no negative margin (their hit areas stay on their row)', () => {
    setViewportWidth(390);
    try {
      renderCreate();
      const tab = screen.getByRole('tab', { name: /Crawler$/ });
      expect(getComputedStyle(tab).marginTop).toBe('0px');
    } finally {
      setViewportWidth(1024);
    }
  });

  it('Given a blocked step, when Next or a later step is chosen, then focus goes to the field in error, which says why', async () => {
    renderCreate();
    await userEvent.click(button('Next'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Search Engine Name/ }));

    await fillName();
    await userEvent.click(button('Next'));
    expect(document.activeElement).toBe(button('Next'));
    await userEvent.click(button('Next'));
    const siteUrl = screen.getByRole('textbox', { name: 'Site URL' });
    expect(document.activeElement).toBe(siteUrl);
    expect(siteUrl.getAttribute('aria-invalid')).toBe('true');
    const described = (siteUrl.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(MESSAGES.atLeastOneSite);

    await addSite('docs.example.com');
    expect(siteUrl.getAttribute('aria-invalid')).toBe('false');
    await userEvent.clear(screen.getByRole('textbox', { name: /Origin/ }));
    await userEvent.click(stepTab('Name'));
    await userEvent.click(stepTab('Crawler'));
    await userEvent.click(button('Next'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Origin/ }));
  });

  it('Given URLs typed, then they are checked on input, trimmed, and a duplicate replaces its entry; a bad URL left in the box does not block', async () => {
    renderCreate();
    await fillName();
    await userEvent.click(button('Next'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Site URL' }), 'not a url');
    expect(screen.getByText(MESSAGES.invalidUrl)).toBeTruthy();
    await userEvent.click(button('Add URL'));
    expect(listedSites()).toEqual([]);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Site URL' }));
    await addSite('  docs.example.com  ');
    await addSite('https://blog.example.com/');
    await addSite('https://docs.example.com/');
    expect(listedSites()).toEqual(['https://docs.example.com/', 'https://blog.example.com/']);
    await userEvent.click(button('Remove https://blog.example.com/'));
    expect(listedSites()).toEqual(['https://docs.example.com/']);

    await userEvent.type(screen.getByRole('textbox', { name: 'Site URL' }), 'bad url');
    await userEvent.click(button('Next'));
    expect(screen.queryByText(MESSAGES.correctErrors)).toBeNull();
    expect(shownStep('Influence')).toBeTruthy();
  });

  it('Given a filled draft, when Create & Publish is pressed, then the engine, client settings and a new crawler are made in order and the dashboard shows', async () => {
    const { calls, router } = renderCreate();
    await toReview();
    const review = shownStep('Review');
    expect(within(review).getByRole('region', { name: 'Name and account' }).textContent).toContain(
      'Docs Search',
    );
    expect(within(review).getByRole('region', { name: 'Crawler settings' }).textContent).toContain(
      'docs.example.com',
    );
    expect(within(review).queryByRole('region', { name: 'Tabs and cross-reference category' })).toBeNull();

    await userEvent.click(button('Create & Publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes(calls)).toEqual([
      'POST searchengines',
      'PUT client/cli1/settings',
      'POST datasource/crawler',
    ]);
    // The dashboard's data is read again after the save (the Crawler step read the server's
    // rendering capability before it).
    const afterSave = calls.slice(calls.findIndex((c) => c.path === 'datasource/crawler') + 1);
    expect(afterSave.find((c) => c.method === 'GET')?.path).toBe('profile/me');
    const written = calls.filter((c) => c.method !== 'GET');
    expect(written[0]?.body).toMatchObject({
      searchEngineType: 'kw',
      accountId: 'a1',
      searchEngineName: 'Docs Search',
      urls: ['docs.example.com'],
      origin: '*',
      pageLoadDelay: '100ms',
      crawlFrequency: 'auto',
    });
    expect(written[1]?.body).toMatchObject({
      type: 'kw',
      settings: { origin: '*', synonymFieldId: 'synonyms-eng1' },
    });
    expect(written[2]?.body).toMatchObject({
      accountId: 'a1',
      engineId: 'eng1',
      urls: ['docs.example.com'],
      recreate: true,
    });
  });

  it('Given the Review step, when a block is clicked, then its step shows; going forward again checks the steps on the way', async () => {
    renderCreate();
    await toReview();
    await userEvent.click(button('Name and account'));
    expect(shownStep('Name')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: /Search Engine Name/ }));
    await userEvent.click(stepTab('Review'));
    expect(shownStep('Name')).toBeTruthy();
    expect(screen.getByText(MESSAGES.engineNameRequired)).toBeTruthy();
    await fillName('Docs Search');
    await userEvent.click(stepTab('Review'));
    await userEvent.click(button('Crawler settings'));
    expect(shownStep('Crawler')).toBeTruthy();
  });

  it.each([
    [
      'the engine',
      { 'POST searchengines': () => Response.json({ detail: 'No.' }, { status: 403 }) },
      MESSAGES.failedUpdateEngine,
    ],
    [
      'the client',
      {
        ...happyApi,
        'PUT client/cli1/settings': () => Response.json({ detail: 'Too many tabs.' }, { status: 400 }),
      },
      MESSAGES.failedUpdateClient,
    ],
    [
      'the crawler',
      {
        ...happyApi,
        'POST datasource/crawler': () => Response.json({ detail: 'Refused.' }, { status: 422 }),
      },
      MESSAGES.failedUpdateCrawler,
    ],
  ] as [string, FakeRoutes, string][])(
    'Given the API refusing %s, then its spec text shows under the wizard, loading stops and the wizard stays',
    async (_what, api, message) => {
      const { router } = renderCreate({ api });
      await toReview();
      await userEvent.click(button('Create & Publish'));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(button('Create & Publish').hasAttribute('disabled')).toBe(false);
      expect(screen.queryByRole('progressbar', { name: 'Saving' })).toBeNull();
      expect(router.state.location.pathname).toBe('/engine/keyword/create');
    },
  );

  it('Given a create that failed at the crawler, when retried, then the engine made is updated, never created twice, and its name is locked', async () => {
    let crawlerAnswers = 0;
    const { calls, router } = renderCreate({
      api: {
        ...happyApi,
        'PUT searchengines/eng1': () => ({ synonymFieldId: 'synonyms-eng1' }),
        'POST datasource/crawler': () =>
          ++crawlerAnswers === 1 ? Response.json({ detail: 'Busy.' }, { status: 409 }) : queued,
      },
    });
    await toReview();
    await userEvent.click(button('Create & Publish'));
    expect(await screen.findByText(MESSAGES.failedUpdateCrawler)).toBeTruthy();
    expect(screen.getByText('Busy.')).toBeTruthy();
    await userEvent.click(stepTab('Name'));
    expect(screen.getByRole('textbox', { name: /Search Engine Name/ }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(stepTab('Review'));
    await userEvent.click(button('Create & Publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes(calls)).toEqual([
      'POST searchengines',
      'PUT client/cli1/settings',
      'POST datasource/crawler',
      'PUT searchengines/eng1',
      'PUT client/cli1/settings',
      'POST datasource/crawler',
    ]);
    const written = calls.filter((c) => c.method !== 'GET');
    expect(written[3]?.body).toMatchObject({
      id: 'eng1',
      searchEngineName: 'Docs Search',
      synonymFieldId: 'synonyms-eng1',
    });
    expect(written[5]?.body).toMatchObject({ recreate: true });
  });

  it("Given the dashboard's Add a New Keyword Search Engine card, when a URL is entered, then the wizard opens with it as the first site", async () => {
    const { router } = renderCreate();
    await router.navigate('/');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Default site URL' }),
      ' shop.example.com ',
    );
    await userEvent.click(button('Crawl'));
    await fillName();
    await userEvent.click(button('Next'));
    expect(listedSites()).toEqual(['shop.example.com']);
  });

  it('Given unsaved changes, when leaving, then the spec question asks; Cancel stays, Yes leaves', async () => {
    const { router } = renderCreate();
    await fillName();
    void router.navigate('/elsewhere');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/engine/keyword/create');

    void router.navigate('/elsewhere');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
  });

  it('Given no change, when leaving, then nothing asks', async () => {
    const { router } = renderCreate();
    await router.navigate('/elsewhere');
    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
  });

  it('Given a user-role viewer (ENGINE_EDIT is for managers), when the create wizard opens by its address, then the API’s reason shows instead of the steps', () => {
    renderCreate({ accounts: [account('a1', 'Acme', 'user')] });
    expect(screen.getByRole('heading', { level: 1, name: 'Keyword Creation Wizard' })).toBeTruthy();
    expect(
      screen.getByText(
        "Your role cannot create Keyword search engines (feature ENGINE_EDIT, needed to save a new engine's search settings and crawler).",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('Given no account with keyword engines, then the spec message shows', () => {
    renderCreate({ accounts: [account('a1', 'Acme', 'owner', ['pm'])] });
    expect(screen.getByText(MESSAGES.noAccountsForProduct)).toBeTruthy();
  });
});
