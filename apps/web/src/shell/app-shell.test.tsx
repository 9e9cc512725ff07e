import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { profile, seededFeatures } from '../test/fixtures.ts';
import { renderPortal } from '../test/render.tsx';
import { AppShell } from './app-shell.tsx';
import { COLOR_SCHEME_STORAGE_KEY } from './theme.ts';

const happyDOM = () =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;

function renderShell() {
  return renderPortal({
    path: '/',
    routes: [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <p>Home</p> },
          { path: '*', element: <p>Elsewhere</p> },
        ],
      },
    ],
    profile: profile(),
    features: seededFeatures(),
  });
}

afterEach(() => {
  happyDOM().setViewport({ width: 1440 });
  window.localStorage.clear();
});

describe('Portal shell', () => {
  it('Given a desktop width, then the main navigation shows its links and no Menu button', () => {
    happyDOM().setViewport({ width: 1440 });
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('Given a phone width, then a Menu button replaces the links and opens them', async () => {
    happyDOM().setViewport({ width: 390 });
    const { router } = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: 'Menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'My Account' }));
    expect(router.state.location.pathname).toBe('/account/view');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Given Dark chosen in the user menu, then the page turns dark at once and the choice is kept', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const theme = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toHaveProperty('checked', true);
    await userEvent.click(within(theme).getByRole('radio', { name: 'Dark' }));
    await expect.poll(() => document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  });
});
