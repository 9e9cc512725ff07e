import { MESSAGES } from '@siteseer/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { handleApiError } from '../../shell/api-error-handler.ts';
import type { ErrorReport } from '../../shell/error-report.ts';
import { fakeRequests } from '../../test/fake-upload-request.ts';
import { seededFeatures } from '../../test/fixtures.ts';
import { csv, fillStep1, happyApi, renderWizard, stepButton, uploaded } from './wizard.test-kit.tsx';

describe('Parametric wizard', () => {
  it('Given no account supporting parametric engines, then the spec message shows', () => {
    renderWizard({ products: ['kw'] });
    expect(screen.getByText(MESSAGES.noAccountsForProduct)).toBeTruthy();
  });

  it('Given the parametric add feature off for the viewer, when the create wizard opens by its address, then the API’s reason shows instead of the steps', () => {
    renderWizard({ role: 'user', features: seededFeatures({ DASHBOARD_ADD_PARAMETRIC: ['owner'] }) });
    expect(
      screen.getByText(
        'Your role cannot create Parametric search engines (feature DASHBOARD_ADD_PARAMETRIC).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('Given an empty step 1, when Next is pressed, then it shows the errors and stays on step 1', async () => {
    renderWizard();
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.nameAndFileInvalid)).toBeTruthy();
    expect(screen.getByText(MESSAGES.engineNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.fileRequired)).toBeTruthy();
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);
  });

  it('Given a 4-character name, then the minimum length message shows', async () => {
    renderWizard();
    await fillStep1('Hard');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.engineNameTooShort)).toBeTruthy();
  });

  it('Given an upload the server refuses, then its text shows and the wizard stays on step 1', async () => {
    renderWizard({
      api: {
        'POST parametric/file/import': () =>
          Response.json({ error: 'The header row is empty.' }, { status: 400 }),
      },
    });
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The header row is empty.')).toBeTruthy();
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);
  });

  it('Given an owner (PM_WIZARD_SE_CONFIG on), then the steps are Name, Fields, Configure and the last publishes', async () => {
    const { calls, router } = renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('table', { name: 'Columns' })).toBeTruthy();
    expect(stepButton('Name').hasAttribute('disabled')).toBe(false);
    expect(stepButton('Configure').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('combobox', { name: 'Filter format' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create & Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const create = calls.find((c) => c.path === 'parametric/create');
    expect(create?.body).toMatchObject({
      spreadsheetId: 'imp1',
      engineId: 'eng1',
      accountId: 'a1',
      version: 1,
      clientId: 'cli1',
    });
    expect(calls.find((c) => c.path === 'searchengines')?.body).toMatchObject({
      searchEngineType: 'pm',
      searchEngineName: 'Hardware Parts',
      searchEngineDetail: { importId: 'imp1' },
    });
  });

  it('Given an upload the server read with warnings, then the Fields step lists them', async () => {
    const warnings = [
      "Column 'Menge': 1.000 was read as the number 1000.",
      'Only the first of 3 sheets was read.',
    ];
    renderWizard({ api: { ...happyApi, 'POST parametric/file/import': () => ({ ...uploaded, warnings }) } });
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Check how the file was read');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual(warnings);
    expect(screen.getByRole('table', { name: 'Columns' })).toBeTruthy();
  });

  it('Given an upload read as written, then the Fields step shows no warning', async () => {
    renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('table', { name: 'Columns' })).toBeTruthy();
    expect(screen.queryByText('Check how the file was read')).toBeNull();
  });

  it('Given a user role (PM_WIZARD_SE_CONFIG off), then there is no Configure step and Fields publishes', async () => {
    renderWizard({ role: 'user' });
    expect(screen.queryByRole('tab', { name: /Configure$/ })).toBeNull();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Create & Publish' })).toBeTruthy();
  });

  it('Given a column label emptied on step 2, then Next is blocked with the label message', async () => {
    renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.clear(await screen.findByLabelText('Column 1 label'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(MESSAGES.labelRequired)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Columns' })).toBeTruthy();
  });

  it('Given a decimal column, then range filter needs filtering on; an image column cannot filter or sort', async () => {
    renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const range = await screen.findByRole('checkbox', { name: 'Range filter on Price' });
    expect(range.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Filter by Price' }));
    expect(screen.getByRole('checkbox', { name: 'Range filter on Price' }).hasAttribute('disabled')).toBe(
      false,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Type of Part' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Image URL' }));
    expect(screen.getByRole('checkbox', { name: 'Filter by Part' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Sort by Part' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Parametric wizard: the file upload with progress', () => {
  const MB = 1024 * 1024;
  const next = () => screen.getByRole('button', { name: 'Next' });

  /** The wizard over upload requests the test drives, with the portal's error routing recorded. */
  function renderDriven() {
    const requests = fakeRequests();
    const routed: { login: number; errorPage: ErrorReport[] } = { login: 0, errorPage: [] };
    const view = renderWizard({
      uploadRequests: requests.create,
      reportApiError: (error) =>
        handleApiError(error, {
          toLogin: () => {
            routed.login += 1;
          },
          toErrorPage: (report) => {
            routed.errorPage.push(report);
          },
        }),
    });
    return { ...view, requests, routed };
  }

  async function startUpload() {
    await fillStep1();
    await userEvent.click(next());
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy());
  }

  it('Given a large file on the way, then the bar and percentage show, Next is disabled, and success moves to Fields', async () => {
    const { requests } = renderDriven();
    await startUpload();
    const request = requests.last;
    expect(request.sent).toBe(true);
    expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.body?.get('accountId')).toBe('a1');
    expect(next().hasAttribute('disabled')).toBe(true);
    request.progress(Math.ceil(0.42 * 10 * MB), 10 * MB);
    expect(await screen.findByText('Uploading… 42% (4.2 of 10 MB)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    request.progress(10 * MB, 10 * MB);
    expect(await screen.findByText('Uploading… 100% (10 of 10 MB)')).toBeTruthy();
    request.respond(200, uploaded);
    expect(await screen.findByRole('table', { name: 'Columns' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
  });

  it('Given a 4xx problem+json, then its detail shows, the bar goes and the wizard stays on step 1', async () => {
    const { requests } = renderDriven();
    await startUpload();
    requests.last.respond(
      400,
      { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Row 3 has 4 columns, expected 5.' },
      'application/problem+json',
    );
    expect(await screen.findByText('Row 3 has 4 columns, expected 5.')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(next().hasAttribute('disabled')).toBe(false);
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);
  });

  it('Given a 4xx without text, then it reads File not uploaded.', async () => {
    const { requests } = renderDriven();
    await startUpload();
    requests.last.respondRaw(413, '', 'text/plain');
    expect(await screen.findByText(MESSAGES.fileNotUploaded)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Name' })).toBeTruthy();
  });

  it('Given 500, then the error page gets the address, text and JSON body; 401 goes to login', async () => {
    const { requests, routed } = renderDriven();
    await startUpload();
    requests.last.respondRaw(500, '{"detail":"disk full"}', 'application/json', 'Internal Server Error');
    await waitFor(() => expect(routed.errorPage).toHaveLength(1));
    expect(routed.errorPage[0]).toMatchObject({
      address: 'POST http://portal.test/api/parametric/file/import',
      errorText: '500 Internal Server Error',
      body: { detail: 'disk full' },
    });
    await waitFor(() => expect(next().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();

    await userEvent.click(next());
    await waitFor(() => expect(requests.made).toHaveLength(2));
    requests.last.respond(401, { detail: 'expired' }, 'application/problem+json');
    await waitFor(() => expect(routed.login).toBe(1));
  });

  it('Given Cancel while uploading, then the request is aborted and step 1 stays without an error; a retry reuses the key, a new file does not', async () => {
    const { requests } = renderDriven();
    await startUpload();
    const first = requests.last;
    first.progress(MB, 4 * MB);
    expect(await screen.findByText('Uploading… 25% (1 of 4 MB)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(first.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(next().hasAttribute('disabled')).toBe(false);
    expect(stepButton('Fields').hasAttribute('disabled')).toBe(true);

    await userEvent.click(next());
    await waitFor(() => expect(requests.made).toHaveLength(2));
    expect(requests.last.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    requests.last.respond(400, { detail: 'Try again.' }, 'application/problem+json');
    expect(await screen.findByText('Try again.')).toBeTruthy();

    await userEvent.upload(screen.getByLabelText('CSV or XLSX file'), csv());
    await userEvent.click(next());
    await waitFor(() => expect(requests.made).toHaveLength(3));
    expect(requests.last.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
    expect(await screen.findByText(`Uploading… 0% (0 of ${csv().size} bytes)`)).toBeTruthy();
  });
});
