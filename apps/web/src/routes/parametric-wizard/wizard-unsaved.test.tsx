import { MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fillStep1, renderWizard } from './wizard.test-kit.tsx';

const CREATE = '/engine/parametric/create';

describe('Parametric wizard (create): the unsaved-changes prompt', () => {
  it('Given a name and a file, when leaving, then the spec question asks; Cancel stays, Yes leaves', async () => {
    const { router } = renderWizard();
    await fillStep1();

    void router.navigate('/elsewhere');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(CREATE);
    expect((screen.getByLabelText(/Search Engine Name/) as HTMLInputElement).value).toBe('Hardware Parts');

    void router.navigate('/elsewhere');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
  });

  it('Given no change, when leaving, then nothing asks', async () => {
    const { router } = renderWizard();
    await router.navigate('/elsewhere');
    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
  });

  it('Given the name field entered and left empty, when leaving, then nothing asks', async () => {
    const { router } = renderWizard();
    await userEvent.type(screen.getByLabelText(/Search Engine Name/), '   ');
    await userEvent.tab();
    await router.navigate('/elsewhere');
    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
  });

  it('Given a published engine, then the wizard goes to the dashboard without asking', async () => {
    const { router } = renderWizard();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create & Publish' }));

    expect(await screen.findByText('Navigated elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
