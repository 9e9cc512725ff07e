import { MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profile, seededFeatures } from '../../test/fixtures.ts';
import { type FakeRoutes, renderPortal, routesFor } from '../../test/render.tsx';
import { ApiKeyGenerator } from './api-key-generator.tsx';

function renderGenerator(api: FakeRoutes) {
  return renderPortal({
    path: '/key',
    routes: routesFor('/key', <ApiKeyGenerator accountId="a1" />),
    profile: profile(),
    features: seededFeatures(),
    api,
  });
}

async function generate() {
  await userEvent.click(screen.getByRole('button', { name: 'Generate API Key' }));
  const dialog = screen.getByRole('dialog', { name: 'Generate a new API key?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
}

describe('API key generator', () => {
  it('Given Cancel in the confirmation, then no key is requested', async () => {
    const { calls } = renderGenerator({
      'GET account/a1/newApiKey': () => ({ key: 'ssk_x', isValid: true }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Generate API Key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('Given a confirmed generation, then the new key shows once, with a copy button', async () => {
    const { calls } = renderGenerator({
      'GET account/a1/newApiKey': () => ({ key: 'ssk_secret', isValid: true }),
    });
    await generate();
    const shown = await screen.findByRole('region', { name: 'New API key' });
    expect(within(shown).getByText('ssk_secret')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy New API key' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET account/a1/newApiKey']);
  });

  it('Given a key generated from the keyboard, then focus goes to its Copy button once the dialog closes', async () => {
    renderGenerator({ 'GET account/a1/newApiKey': () => ({ key: 'ssk_secret', isValid: true }) });
    screen.getByRole('button', { name: 'Generate API Key' }).focus();
    await userEvent.keyboard('{Enter}');
    within(screen.getByRole('dialog', { name: 'Generate a new API key?' }))
      .getByRole('button', { name: 'Generate' })
      .focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy New API key' })),
    );
  });

  it('Given an invalid result, then the spec message shows and no key', async () => {
    renderGenerator({ 'GET account/a1/newApiKey': () => ({ key: '', isValid: false }) });
    await generate();
    expect(await screen.findByText(MESSAGES.apiKeyError)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'New API key' })).toBeNull();
  });

  it('Given a refusal, then the spec message shows too', async () => {
    renderGenerator({
      'GET account/a1/newApiKey': () => Response.json({ detail: 'Only owners and admins' }, { status: 403 }),
    });
    await generate();
    expect(await screen.findByText(MESSAGES.apiKeyError)).toBeTruthy();
  });
});
