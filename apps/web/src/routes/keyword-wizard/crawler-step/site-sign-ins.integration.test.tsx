import { type ApiClient, createApiClient, KeywordSettings } from '@siteseer/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRuntimeConfig } from '../../../config/runtime-config.ts';
import type { Session } from '../../../session/session.ts';
import { App } from '../../../shell/app.tsx';
import type { Services } from '../../../shell/services.tsx';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { fakeUploads } from '../../../test/render.tsx';
import { CrawlerStep } from './crawler-step.tsx';

/*
 * "Sign-in for this site" against the real API (PGlite in memory) on 127.0.0.1: the sign-in goes
 * through core's client to `PUT datasource/crawler/credentials`, and the step shows only what the
 * server answers (the kind and user name), never the password.
 */

const SITE = 'https://staff.example/';
const PASSWORD = 'pw-portal-6a02d8';
let server: RealApi;
let api: ApiClient;
let engineId: string;

beforeAll(async () => {
  server = await startRealApi();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.base}/engine/keyword/e1/edit`,
  );
  api = createApiClient({
    baseUrl: `${server.base}/api`,
    getToken: () => server.token,
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  const created = await api.engines.create({
    searchEngineType: 'kw',
    accountId: server.accountId,
    searchEngineName: 'Staff pages',
    urls: [SITE],
  });
  if (!created.ok) throw new Error(`Creating the engine failed: ${JSON.stringify(created.data)}`);
  engineId = created.data.documentId;
}, 60_000);

afterAll(() => server?.close());

function renderStep() {
  const services: Services = {
    config: defaultRuntimeConfig(server.base),
    api,
    uploads: fakeUploads({}, []),
    session: { isSignedIn: () => true } as unknown as Session,
    queryClient: new QueryClient(),
    reportApiError: () => false,
  };
  const settings = KeywordSettings.parse({ urls: [SITE] });
  const element = (
    <CrawlerStep
      settings={settings}
      onChange={() => {}}
      mode="edit"
      sections={{
        urlFiltering: true,
        crawlFrequency: true,
        tabs: true,
        relevance: true,
        resultRanking: true,
        urlRewriting: true,
        synonyms: true,
      }}
      errors={{}}
      newUrl=""
      onNewUrl={() => {}}
      engine={{ engineId, accountId: server.accountId, urls: [SITE] }}
      signIns={{}}
      onSignIn={() => {}}
    />
  );
  const { container } = render(
    <App services={services} router={createMemoryRouter([{ path: '*', element }])} />,
  );
  return container;
}

const siteSection = () => screen.getByRole('region', { name: `Sign-in for this site: ${SITE}` });

describe('Sign-in for this site against the real API', () => {
  it('Given a site without one, when a Basic sign-in is saved, then it shows as set with the user only; Replace is never prefilled; Remove clears it', async () => {
    const container = renderStep();
    expect(await within(siteSection()).findByText('None: the site is crawled signed out.')).toBeTruthy();
    await userEvent.click(within(siteSection()).getByRole('button', { name: 'Set sign-in' }));
    await userEvent.type(within(siteSection()).getByLabelText(/^User name/), 'alice');
    const password = within(siteSection()).getByLabelText(/^Password/) as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.type(password, PASSWORD);
    await userEvent.click(within(siteSection()).getByRole('button', { name: 'Save sign-in' }));

    expect(await within(siteSection()).findByText('Set: HTTP Basic, user alice')).toBeTruthy();
    expect(container.innerHTML).not.toContain(PASSWORD);
    const listed = await api.crawler.credentials.list({ accountId: server.accountId, engineId });
    expect(listed.ok && listed.data.credentials.map((c) => [c.site, c.kind, c.label])).toEqual([
      [SITE, 'basic', 'alice'],
    ]);

    await userEvent.click(within(siteSection()).getByRole('button', { name: 'Replace' }));
    expect((within(siteSection()).getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
    expect((within(siteSection()).getByLabelText(/^User name/) as HTMLInputElement).value).toBe('');
    await userEvent.click(within(siteSection()).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(siteSection()).getByRole('button', { name: 'Remove' }));
    expect(await within(siteSection()).findByText('None: the site is crawled signed out.')).toBeTruthy();
    const after = await api.crawler.credentials.list({ accountId: server.accountId, engineId });
    expect(after.ok && after.data.credentials).toEqual([]);
  });

  it('Given a reserved header name, then the server’s refusal shows and nothing is stored', async () => {
    renderStep();
    await userEvent.click(await within(siteSection()).findByRole('button', { name: 'Set sign-in' }));
    await userEvent.click(within(siteSection()).getByRole('combobox', { name: 'Sign-in kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Request header (e.g. Authorization)' }));
    await userEvent.type(within(siteSection()).getByLabelText(/^Header name/), 'Host');
    await userEvent.type(within(siteSection()).getByLabelText(/^Header value/), 'x');
    await userEvent.click(within(siteSection()).getByRole('button', { name: 'Save sign-in' }));
    expect((await within(siteSection()).findByRole('alert')).textContent).toMatch(/sets Host itself/);
    const listed = await api.crawler.credentials.list({ accountId: server.accountId, engineId });
    expect(listed.ok && listed.data.credentials).toEqual([]);
  });
});
