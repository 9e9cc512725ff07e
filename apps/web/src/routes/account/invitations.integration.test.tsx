import { createApiClient } from '@siteseer/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRuntimeConfig } from '../../config/runtime-config.ts';
import type { Session } from '../../session/session.ts';
import { App } from '../../shell/app.tsx';
import type { Services } from '../../shell/services.tsx';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { fakeUploads } from '../../test/render.tsx';
import { NO_EMAIL_REASON } from './invitations.tsx';
import { Component as MyAccount } from './my-account-screen.tsx';

/*
 * My Account's pending invitations against the real API (PGlite in memory, no SMTP server): an
 * invited user shows as Pending, its link is made fresh to copy and opens the set-password page,
 * and Revoke removes the user and ends the link.
 */

let server: RealApi;

/** Puts the page on the API's origin, as the portal is served. */
function openOn(target: RealApi) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${target.base}/account/view`,
  );
}

beforeAll(async () => {
  server = await startRealApi();
  openOn(server);
}, 150_000);

afterAll(() => server?.close());

/** The real API answers in its own time (several calls before the table shows). */
const SLOW = { timeout: 15_000 };

const api = (target = server) =>
  createApiClient({
    baseUrl: `${target.base}/api`,
    getToken: () => target.token,
    fetch: (input, init) => globalThis.fetch(input, init),
  });

function renderMyAccount(target = server) {
  const services: Services = {
    config: defaultRuntimeConfig(target.base),
    api: api(target),
    uploads: fakeUploads({}, []),
    session: { isSignedIn: () => true } as unknown as Session,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    reportApiError: () => false,
  };
  const router = createMemoryRouter([{ path: '/account/:action', Component: MyAccount }], {
    initialEntries: ['/account/view'],
  });
  render(<App services={services} router={router} />);
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'Users' }, SLOW);
  const cell = await within(table).findByRole('rowheader', { name: new RegExp(name) }, SLOW);
  return within(cell.closest('tr') as HTMLElement);
}

async function pageStatus(link: string): Promise<number> {
  const response = await globalThis.fetch(link);
  await response.text();
  return response.status;
}

describe('My Account, pending invitations, against the real API', () => {
  it('Given an invited user, then the row is Pending; a copied link opens the set-password page; Revoke ends it', {
    timeout: 60_000,
  }, async () => {
    const added = await api().accounts.users.add(server.accountId, [
      { first: 'Ivy', last: 'Invited', email: 'ivy@portal.test', role: 'user' },
    ]);
    expect(added.ok).toBe(true);
    renderMyAccount();

    const ivy = await rowOf('Ivy Invited');
    expect(await ivy.findByText('Pending', {}, SLOW)).toBeTruthy();
    expect(ivy.getByText('Not e-mailed: copy the link')).toBeTruthy();

    await userEvent.click(ivy.getByRole('button', { name: 'Copy invitation link' }));
    const shown = await screen.findAllByLabelText('Invitation link for ivy@portal.test', {}, SLOW);
    const link = shown.find((element) => element.tagName === 'PRE')?.textContent ?? '';
    expect(link).toMatch(new RegExp(`^${server.base}/auth/set-password\\?token=`));
    expect(await pageStatus(link)).toBe(200);

    // The buttons wait while the copy refreshes the list.
    const revoke = ivy.getByRole('button', { name: 'Revoke' });
    await waitFor(() => expect(revoke.hasAttribute('disabled')).toBe(false), SLOW);
    await userEvent.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' }, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    const table = await screen.findByRole('table', { name: 'Users' }, SLOW);
    await waitFor(
      () => expect(within(table).queryByRole('rowheader', { name: /Ivy Invited/ })).toBeNull(),
      SLOW,
    );
    expect(await pageStatus(link)).toBe(400);
  });

  it('Given a server without SMTP, then Resend is disabled and says to copy the link instead', async () => {
    const added = await api().accounts.users.add(server.accountId, [
      { first: 'Nora', last: 'Nomail', email: 'nora@portal.test', role: 'user' },
    ]);
    expect(added.ok).toBe(true);
    renderMyAccount();

    const nora = await rowOf('Nora Nomail');
    const resend = await nora.findByRole('button', { name: 'Resend' }, SLOW);
    expect(resend.hasAttribute('disabled')).toBe(true);
    expect(resend.getAttribute('aria-description')).toBe(NO_EMAIL_REASON);
    expect(nora.getByRole('button', { name: 'Copy invitation link' }).hasAttribute('disabled')).toBe(false);
  });

  it('Given a plain active member, then their row has neither Pending nor invitation buttons', async () => {
    renderMyAccount();
    const table = await screen.findByRole('table', { name: 'Users' }, SLOW);
    const owner = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(owner).queryByText('Pending')).toBeNull();
    expect(within(owner).queryByRole('button', { name: 'Resend' })).toBeNull();
  });
});

describe('My Account, pending invitations, on a server that sends e-mail', () => {
  let mailing: RealApi;

  beforeAll(async () => {
    // Configured is what the portal asks about; whether this mail server answers is not.
    mailing = await startRealApi({ SITESEER_SMTP_URL: 'smtp://127.0.0.1:9' });
    openOn(mailing);
  }, 150_000);

  afterAll(() => mailing?.close());

  it('Given an invited user, then Resend is enabled and sends the invitation again', async () => {
    const added = await api(mailing).accounts.users.add(mailing.accountId, [
      { first: 'Rex', last: 'Resent', email: 'rex@portal.test', role: 'user' },
    ]);
    expect(added.ok).toBe(true);
    renderMyAccount(mailing);

    const rex = await rowOf('Rex Resent');
    const resend = await rex.findByRole('button', { name: 'Resend' }, SLOW);
    await waitFor(() => expect(resend.hasAttribute('disabled')).toBe(false), SLOW);
    expect(resend.hasAttribute('aria-description')).toBe(false);
    await userEvent.click(resend);
    expect(
      await screen.findByText(
        'Invitation sent again to rex@portal.test; earlier links no longer work.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});
