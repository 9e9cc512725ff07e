import { MESSAGES } from '@siteseer/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteEngineDialog } from './delete-engine-dialog.tsx';

function setup(type: 'kw' | 'pm', onDelete = vi.fn(async () => {})) {
  const onClose = vi.fn();
  render(
    <DeleteEngineDialog
      engine={{ searchEngineName: 'My Engine', searchEngineType: type }}
      onClose={onClose}
      onDelete={onDelete}
    />,
  );
  const confirm = () => screen.getByRole('button', { name: 'Yes Delete this Search' });
  return { onClose, onDelete, confirm, input: () => screen.getByLabelText('Search engine name') };
}

describe('Delete Search Engine? modal', () => {
  it('Given a typed name, then the button is enabled only for the exact name', async () => {
    const { confirm, input } = setup('pm');
    expect(screen.getByRole('dialog', { name: 'Delete Search Engine?' })).toBeTruthy();
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await userEvent.type(input(), 'my engine');
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await userEvent.clear(input());
    await userEvent.type(input(), 'My Engine ');
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await userEvent.type(input(), '{Backspace}');
    expect(confirm().hasAttribute('disabled')).toBe(false);
  });

  it('Given a keyword engine, then the crawler note shows; a parametric one has none', () => {
    setup('kw');
    expect(screen.getByText(MESSAGES.keywordDeleteNote)).toBeTruthy();
  });

  it('Given a parametric engine, then there is no crawler note', () => {
    setup('pm');
    expect(screen.queryByText(MESSAGES.keywordDeleteNote)).toBeNull();
  });

  it('Given deleting, then a spinner shows and neither Cancel nor Escape closes the modal', async () => {
    let finish: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { confirm, input, onClose } = setup(
      'kw',
      vi.fn(() => pending),
    );
    await userEvent.type(input(), 'My Engine');
    await userEvent.click(confirm());
    expect(screen.getByRole('progressbar', { name: 'Deleting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
  });

  it('Given a failed delete, then its message shows and the modal unlocks', async () => {
    const { confirm, input } = setup(
      'pm',
      vi.fn(async () => Promise.reject(new Error('Not allowed.'))),
    );
    await userEvent.type(input(), 'My Engine');
    await userEvent.click(confirm());
    expect(await screen.findByText('Not allowed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false);
  });
});
