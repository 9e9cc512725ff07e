import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, engine, profile, seededFeatures } from '../../test/fixtures.ts';
import { renderPortal, routesFor } from '../../test/render.tsx';
import { Component as Install } from './install-screen.tsx';

const client = (id: string, engineId: string, type: 'pm' | 'kw') => ({
  id,
  accountId: 'a1',
  engineId,
  type,
  indexName: `a1-${type}-${engineId}`,
  settings: {},
});

function renderInstall(type: 'pm' | 'kw') {
  return renderPortal({
    path: '/engine/e1/install/',
    routes: routesFor('/engine/:engineId/install/', <Install />),
    profile: profile({
      accounts: [account('a1', 'Acme', 'owner')],
      clients: { e1: client('c1', 'e1', type) },
    }),
    features: seededFeatures(),
    engines: [engine({ id: 'e1', searchEngineName: 'Parts', searchEngineType: type })],
    api: {
      [`GET client/c1/${type}/snippet`]: () => ({
        head: '<script src="https://portal.test/widget/siteseer-widget.js"></script>',
        body: '<div data-siteseer-results></div>',
      }),
    },
  });
}

const headingLevels = () =>
  screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`);

describe('Install screen', () => {
  it('Given a parametric engine, then Script and Results tag are headings right under the title', async () => {
    renderInstall('pm');
    await screen.findByRole('region', { name: 'Results tag' });
    expect(headingLevels()).toEqual(['H1 Install Search: Parts', 'H2 Script', 'H2 Results tag']);
  });

  it('Given a keyword engine, then the options and each snippet are headings of the same level', async () => {
    renderInstall('kw');
    await screen.findByRole('region', { name: 'Results tag' });
    expect(headingLevels()).toEqual([
      'H1 Install Search: Parts',
      'H2 Search box options',
      'H2 Script',
      'H2 Input tag',
      'H2 Results tag',
    ]);
  });

  it('Given a description size outside 50 to 2000, then the field says so and the Script keeps the last valid size', async () => {
    renderInstall('kw');
    const scriptOf = async () => (await screen.findByRole('region', { name: 'Script' })).textContent ?? '';
    const field = screen.getByRole('spinbutton', { name: 'Description size' });
    fireEvent.change(field, { target: { value: '300' } });
    expect(await scriptOf()).toContain('data-siteseer-description-size="300"');
    for (const bad of ['0', '5000', '']) {
      fireEvent.change(field, { target: { value: bad } });
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('Enter a number from 50 to 2000: the snippets keep 300.')).toBeTruthy();
      expect(await scriptOf()).toContain('data-siteseer-description-size="300"');
    }
    fireEvent.change(field, { target: { value: '2000' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(await scriptOf()).toContain('data-siteseer-description-size="2000"');
  });
});
