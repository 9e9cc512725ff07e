import { MESSAGES } from '@siteseer/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

function setup(onDelete: () => Promise<void> = vi.fn(async () => {})) {
  const onClose = vi.fn();
  render(<DeleteAccountDialog name="Acme Corp" onClose={onClose} onDelete={onDelete} />);
  return {
    onClose,
    confirm: () => screen.getByRole('button', { name: 'Yes Delete this Account' }),
    input: () => screen.getByLabelText('Account name'),
  };
}

describe('Delete Account? dialog', () => {
  it('Given the dialog, then it warns, notes the wait, and the button waits for the exact name', async () => {
    const { confirm, input } = setup();
    expect(screen.getByRole('dialog', { name: 'Delete Account?' })).toBeTruthy();
    expect(screen.getByText(/and all its search engines will be permanently deleted/)).toBeTruthy();
    expect(screen.getByText(MESSAGES.accountDeleteNote)).toBeTruthy();
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await userEvent.type(input(), 'acme corp');
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await userEvent.clear(input());
    await userEvent.type(input(), ' Acme Corp');
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await userEvent.clear(input());
    await userEvent.type(input(), 'Acme Corp');
    expect(confirm().hasAttribute('disabled')).toBe(false);
  });

  it('Given the name typed, when Enter is pressed in the box, then it deletes; before the name matches, Enter does nothing', async () => {
    const onDelete = vi.fn(async () => {});
    const { input } = setup(onDelete);
    await userEvent.type(input(), 'Acme Cor{Enter}');
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.type(input(), 'p{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('Given deleting, then a spinner shows and neither Cancel, Escape nor the backdrop closes it', async () => {
    let finish: () => void = () => {};
    const onDelete = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { confirm, input, onClose } = setup(onDelete);
    await userEvent.type(input(), 'Acme Corp');
    await userEvent.click(confirm());
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('progressbar', { name: 'Deleting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
  });

  it('Given a refused delete, then its message shows and the dialog unlocks', async () => {
    const { confirm, input } = setup(vi.fn(async () => Promise.reject(new Error('Not allowed.'))));
    await userEvent.type(input(), 'Acme Corp');
    await userEvent.click(confirm());
    expect(await screen.findByText('Not allowed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false);
  });
});
