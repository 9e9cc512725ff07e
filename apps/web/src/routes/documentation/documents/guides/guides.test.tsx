import { CRAWL_STATUS_LABELS } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { account, profile, seededFeatures } from '../../../../test/fixtures.ts';
import { renderPortal } from '../../../../test/render.tsx';
import { Component as DocumentScreen } from '../../document-screen.tsx';
import {
  CHARACTER_MAPPING_EXAMPLES,
  REWRITE_EXAMPLES,
  SYNONYM_ERRORS,
  SYNONYM_EXAMPLES,
} from './text-rule-examples.ts';

const routes: RouteObject[] = [{ path: '/documentation/:group/:docId', element: <DocumentScreen /> }];

function renderGuide(docId: string) {
  const viewer = profile({ accounts: [account('a1', 'Acme', 'user')] });
  return renderPortal({
    path: `/documentation/guides/${docId}`,
    routes,
    profile: viewer,
    features: seededFeatures(),
  });
}

/** The text of the first cell (the row header) of each body row of the named table. */
function rowHeaders(caption: string): string[] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

describe('the guides', () => {
  it('Given a user, when they open Getting Started, then it walks through both kinds of engine', () => {
    renderGuide('getting-started');
    expect(screen.getByRole('heading', { level: 1, name: 'Getting Started' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'A parametric engine from a table',
      'A keyword engine from your site',
    ]);
    expect(screen.getByText('Add a New Keyword Search Engine')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Crawling' }).getAttribute('href')).toBe(
      '/documentation/guides/crawling',
    );
  });

  it('Given Crawling, then its status table has a row for every status of the crawl report, in the spec’s labels', () => {
    renderGuide('crawling');
    expect(rowHeaders('Crawl statuses').sort()).toEqual(Object.values(CRAWL_STATUS_LABELS).sort());
    expect(rowHeaders('URL filter examples')).toContain('-/blog/');
  });

  it('Given the text rules guide, then it shows every example that its test runs through core, as text', () => {
    renderGuide('synonyms-mapping-rewriting');
    expect(rowHeaders('Synonym lines and what they do')).toEqual(SYNONYM_EXAMPLES.map((e) => e.line));
    const synonyms = screen.getByRole('table', { name: 'Synonym lines and what they do' });
    expect(within(synonyms).getByText('"10,000 rpm" = "10k rpm"')).toBeDefined();
    expect(within(synonyms).getByText('"laptop" → "notebook", "portable computer"')).toBeDefined();
    expect(rowHeaders('Synonym lines that are refused')).toEqual(SYNONYM_ERRORS.map((e) => e.file));
    expect(rowHeaders('Character mappings and what they make of a text')).toEqual(
      CHARACTER_MAPPING_EXAMPLES.map((e) => e.mapping),
    );
    expect(rowHeaders('Rewrite rules and a URL each one rewrites')).toEqual(
      REWRITE_EXAMPLES.map((e) => e.rule),
    );
    const rewrites = screen.getByRole('table', { name: 'Rewrite rules and a URL each one rewrites' });
    for (const example of REWRITE_EXAMPLES) expect(within(rewrites).getByText(example.becomes)).toBeDefined();
  });

  it('Given The API, then it links to this server’s OpenAPI document', () => {
    renderGuide('api');
    const document = `${window.location.origin}/api/openapi.json`;
    expect(screen.getByRole('link', { name: document }).getAttribute('href')).toBe(document);
  });

  it('Given The CLI, then its commands name this server and its exit codes are listed', () => {
    renderGuide('cli');
    const terminal = screen.getByRole('region', { name: 'From a terminal' });
    expect(within(terminal).getByLabelText('From a terminal').textContent).toContain(
      `siteseer login --server ${window.location.origin}\n`,
    );
    expect(rowHeaders('Exit codes')).toEqual(['0', '1', '2', '4']);
  });
});
