import { createApiClient, MESSAGES } from '@siteseer/core';
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
import { draftOf, StepHarness } from './step-harness.test-kit.tsx';
import { SynonymsStep } from './synonyms-step.tsx';

/*
 * The Synonyms step against the real API (PGlite in memory) on 127.0.0.1: the file goes through
 * core's client to `POST searchengines/synonyms/validate`, and what the server's parser makes of it
 * is what the step shows and stores.
 */

let server: RealApi;

beforeAll(async () => {
  server = await startRealApi();
  // The portal calls the API on its own origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.base}/engine/keyword/e1/edit`,
  );
}, 60_000);

afterAll(() => server?.close());

function renderAgainstServer() {
  const draft = draftOf();
  const api = createApiClient({
    baseUrl: `${server.base}/api`,
    getToken: () => server.token,
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  const services: Services = {
    config: defaultRuntimeConfig(server.base),
    api,
    uploads: fakeUploads({}, []),
    session: { isSignedIn: () => true } as unknown as Session,
    queryClient: new QueryClient(),
    reportApiError: () => false,
  };
  const element = <StepHarness Step={SynonymsStep} draft={draft} mode="edit" accountId={server.accountId} />;
  render(<App services={services} router={createMemoryRouter([{ path: '*', element }])} />);
  return draft;
}

const fileInput = () => screen.getByLabelText('Synonyms file (CSV or TXT)');

describe('Synonyms step against the real API', () => {
  it('Given a CSV of synonym groups, then the server’s normalised table replaces the current one', async () => {
    const draft = renderAgainstServer();
    await userEvent.upload(
      fileInput(),
      new File(['TV, Television,,\r\n"Laptop","Note  book"\r\n'], 'groups.csv'),
    );
    expect(await screen.findByText('Loaded groups.csv: 2 synonym rules.')).toBeTruthy();
    expect(draft.current.csvSynonymTable).toBe('tv, television\nlaptop, note book');
  });

  it('Given a TXT whose line has one phrase, then the spec message and the server’s line note show', async () => {
    const draft = renderAgainstServer();
    await userEvent.upload(fileInput(), new File(['tv, television\nlonely\n'], 'bad.txt'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.synonymsFileInvalid);
    expect(within(alert).getByText(/^Line 2: 'lonely' has no synonym/)).toBeTruthy();
    expect(draft.current.csvSynonymTable).toBe('');
  });
});
