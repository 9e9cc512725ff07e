import { MESSAGES, parseCsv, readResultRankingFile } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfluenceStep } from './influence-step.tsx';
import { captureDownloads, renderStep } from './step-harness.test-kit.tsx';

afterEach(() => vi.restoreAllMocks());

const rule = (id: string, matches: string, weight: number) => ({
  id,
  matches,
  weight,
  target: 'URL' as const,
  match_type: 'wildcard' as const,
});
const pattern = () => screen.getByRole('combobox', { name: /^URL pattern/ }) as HTMLInputElement;
const weight = () => screen.getByRole('slider') as HTMLInputElement;
const rulesTable = () => screen.getByRole('table', { name: 'Relevance rules' });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('Influence step: relevance rules', () => {
  it('Given no pattern, when Add Rule is pressed, then the pattern is required and nothing is added', async () => {
    const { patches } = renderStep(InfluenceStep);
    expect(screen.getByText('No relevance rules yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
    expect(screen.getByText(MESSAGES.relevancePatternRequired)).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('Then the weight slider runs from 1 to 100 in steps of 1 with the guidance', async () => {
    renderStep(InfluenceStep);
    expect([weight().min, weight().max, weight().step, weight().value]).toEqual(['1', '100', '1', '5']);
    expect(screen.getByRole('slider', { name: 'Weight' })).toBe(weight());
    expect(screen.getByLabelText('Weight')).toBe(weight());
    expect(weight().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('A weight of 1 has no effect; 2 to 10 is usually enough.')).toBeTruthy();
  });

  it('Given a pattern and a weight set with the keyboard, when added, then the table and the draft have the rule', async () => {
    const { draft } = renderStep(InfluenceStep);
    await userEvent.type(pattern(), '*/docs/*');
    weight().focus();
    await userEvent.keyboard('{End}{ArrowLeft}{ArrowLeft}');
    expect(weight().value).toBe('98');
    expect(screen.getByText('Weight').closest('p')?.textContent).toBe('Weight: 98');
    await userEvent.click(screen.getByRole('button', { name: 'Add Rule' }));

    expect(rowTexts(rulesTable())).toEqual(['*/docs/*98Delete']);
    expect(draft.current.relevance).toEqual([
      { id: expect.any(String), matches: '*/docs/*', weight: 98, target: 'URL', match_type: 'wildcard' },
    ]);
    expect(pattern().value).toBe('');
    expect(weight().value).toBe('5');
  });

  it('Given rules, when a row is selected, then the editor loads it; Update changes it; deselecting resets', async () => {
    const { draft } = renderStep(InfluenceStep, {
      settings: { relevance: [rule('r1', '*/blog/*', 3), rule('r2', '*/docs/*', 8)] },
    });
    await userEvent.click(within(rulesTable()).getByText('*/docs/*'));
    expect(screen.getByText('Edit rule')).toBeTruthy();
    expect(pattern().value).toBe('*/docs/*');
    expect(weight().value).toBe('8');
    expect(screen.queryByRole('button', { name: 'Add Rule' })).toBeNull();

    await userEvent.clear(pattern());
    await userEvent.type(pattern(), '*/help/*');
    weight().focus();
    await userEvent.keyboard('{Home}');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(draft.current.relevance).toEqual([rule('r1', '*/blog/*', 3), rule('r2', '*/help/*', 1)]);
    expect(screen.getByText('Add a rule')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select rule */blog/*' }));
    expect(pattern().value).toBe('*/blog/*');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select rule */blog/*' }));
    expect(pattern().value).toBe('');
    expect(weight().value).toBe('5');
    expect(screen.getByRole('button', { name: 'Add Rule' })).toBeTruthy();
  });

  it('Given a selected rule, when it is emptied and updated, then the pattern is required; Delete removes it', async () => {
    const { draft } = renderStep(InfluenceStep, { settings: { relevance: [rule('r1', '*/blog/*', 3)] } });
    await userEvent.click(within(rulesTable()).getByText('*/blog/*'));
    await userEvent.clear(pattern());
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText(MESSAGES.relevancePatternRequired)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(draft.current.relevance).toEqual([]);
    expect(screen.getByText('No relevance rules yet.')).toBeTruthy();
  });

  it("Given rules, when a row's Delete is pressed, then that rule goes without selecting it, and focus moves to the next Delete", async () => {
    const { draft } = renderStep(InfluenceStep, {
      settings: { relevance: [rule('r1', '*/blog/*', 3), rule('r2', '*/docs/*', 8)] },
    });
    screen.getByRole('button', { name: 'Delete rule */blog/*' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(draft.current.relevance).toEqual([rule('r2', '*/docs/*', 8)]);
    expect(screen.getByRole('heading', { name: 'Add a rule' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete rule */docs/*' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('No relevance rules yet.')).toBeTruthy();
    expect(document.activeElement).toBe(pattern());
  });

  it('Given a selected rule, when Cancel or Delete is pressed with the keyboard, then focus goes to the URL pattern', async () => {
    renderStep(InfluenceStep, {
      settings: { relevance: [rule('r1', '*/blog/*', 3), rule('r2', '*/docs/*', 8)] },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select rule */blog/*' }));
    screen.getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(pattern());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select rule */docs/*' }));
    screen.getByRole('button', { name: 'Delete' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(pattern());
    expect(pattern().value).toBe('');
  });

  it('Given the features off, then only the allowed sections show', () => {
    renderStep(InfluenceStep, { sections: { relevance: false } });
    expect(screen.queryByRole('heading', { name: 'Relevance' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Result Ranking' })).toBeTruthy();
  });
});

const rankingInput = () => screen.getByLabelText('Result ranking file (CSV)');
const entriesTable = () => screen.getByRole('table', { name: 'Result ranking entries' });

describe('Influence step: result ranking', () => {
  it('Given a CSV file, when loaded, then its entries replace the current ones', async () => {
    const { draft } = renderStep(InfluenceStep, {
      sections: { relevance: false },
      settings: { resultRanking: [{ query: 'old', results: ['/old'] }] },
    });
    const csv = 'pricing,/pricing,/plans\r\n"install, quick",/install,\r\nlonely\r\n';
    await userEvent.upload(rankingInput(), new File([csv], 'ranking.CSV', { type: 'text/csv' }));

    expect(
      await screen.findByText('Loaded ranking.CSV: 2 entries, replacing the 1 entry there was.'),
    ).toBeTruthy();
    expect(rowTexts(entriesTable())).toEqual([
      'pricing/pricing/plansEditDelete',
      'install, quick/installEditDelete',
    ]);
    expect(draft.current.resultRanking).toEqual([
      { query: 'pricing', results: ['/pricing', '/plans'] },
      { query: 'install, quick', results: ['/install'] },
    ]);
  });

  it('Then Load CSV says that the file replaces the current entries', () => {
    renderStep(InfluenceStep, { sections: { relevance: false } });
    const load = screen.getByRole('button', { name: 'Load CSV' });
    expect(load.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(load.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The file replaces the current entries.',
    );
  });

  it('Given no entries, when a CSV is loaded, then the message only counts the loaded ones', async () => {
    renderStep(InfluenceStep, { sections: { relevance: false } });
    await userEvent.upload(rankingInput(), new File(['q,/a\n'], 'one.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Loaded one.csv: 1 entry.')).toBeTruthy();
  });

  it.each([
    ['a file that is not CSV', new File(['q,/a'], 'ranking.txt'), MESSAGES.fileMustBeCsv],
    [
      'a CSV with an unterminated quote',
      new File(['q,"/a\n'], 'ranking.csv'),
      'Quoted field unterminated (row 1)',
    ],
    ['a CSV without URLs', new File(['only,\nqueries\n'], 'ranking.csv'), MESSAGES.rankingFileEmpty],
  ])('Given %s, when loaded, then its message shows and the entries stay', async (_case, file, message) => {
    const { draft } = renderStep(InfluenceStep, {
      settings: { resultRanking: [{ query: 'old', results: ['/old'] }] },
    });
    await userEvent.upload(rankingInput(), file, { applyAccept: false });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(draft.current.resultRanking).toEqual([{ query: 'old', results: ['/old'] }]);
  });

  it('Then the switch turns result ranking on and off', async () => {
    const { draft } = renderStep(InfluenceStep);
    const toggle = screen.getByRole('switch', { name: 'Enable result ranking' });
    await userEvent.click(toggle);
    expect(draft.current.resultRankingEnabled).toBe(true);
    await userEvent.click(toggle);
    expect(draft.current.resultRankingEnabled).toBe(false);
  });

  it('Given entries with result ranking off, then a warning says they change no results until it is enabled', async () => {
    renderStep(InfluenceStep, { settings: { resultRanking: [{ query: 'rivets', results: ['/rivets'] }] } });
    expect(screen.getByRole('status').textContent).toBe(
      'Result ranking is off: these entries change no results until you enable it.',
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Enable result ranking' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Given no entries, then result ranking off needs no warning', () => {
    renderStep(InfluenceStep);
    expect(screen.queryByText(/Result ranking is off/)).toBeNull();
  });

  it('Given the editor, then entries are added with their errors, edited, updated and deleted', async () => {
    const { draft } = renderStep(InfluenceStep, { sections: { relevance: false } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(screen.getByText(MESSAGES.rankingQueryRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.rankingResultsRequired)).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /^Query/ }), 'pricing');
    await userEvent.type(
      screen.getByRole('textbox', { name: /^Result URLs/ }),
      ' /plans {Enter}{Enter}/pricing',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(draft.current.resultRanking).toEqual([{ query: 'pricing', results: ['/plans', '/pricing'] }]);

    await userEvent.click(screen.getByRole('button', { name: 'Edit entry pricing' }));
    const urls = screen.getByRole('textbox', { name: /^Result URLs/ }) as HTMLTextAreaElement;
    expect(urls.value).toBe('/plans\n/pricing');
    await userEvent.clear(urls);
    await userEvent.type(urls, '/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Update Entry' }));
    expect(draft.current.resultRanking).toEqual([{ query: 'pricing', results: ['/pricing'] }]);
    expect(screen.getByRole('button', { name: 'Add Entry' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete entry pricing' }));
    expect(draft.current.resultRanking).toBeNull();
    expect(screen.getByText('No result ranking entries yet.')).toBeTruthy();
  });

  it('Given entries deleted with the keyboard, then focus goes to the next Delete, then to the Query field', async () => {
    renderStep(InfluenceStep, {
      settings: {
        resultRanking: [
          { query: 'one', results: ['/1'] },
          { query: 'two', results: ['/2'] },
        ],
      },
    });
    screen.getByRole('button', { name: 'Delete entry one' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete entry two' }));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Query/ }));
  });

  it('Given an entry being edited, when Cancel or Update Entry is pressed, then focus goes to the Query field', async () => {
    renderStep(InfluenceStep, { settings: { resultRanking: [{ query: 'one', results: ['/1'] }] } });
    const query = () => screen.getByRole('textbox', { name: /Query/ });
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry one' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit entry one' }));
    screen.getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(query());
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry one' }));
    screen.getByRole('button', { name: 'Update Entry' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(query());
    expect((query() as HTMLInputElement).value).toBe('');
  });

  it('Given entries, when downloaded, then current-result-ranking.csv loads back to the same entries', async () => {
    const downloads = captureDownloads();
    const entries = [
      { query: 'pricing, plans', results: ['/pricing', '/plans?a="b"'] },
      { query: 'docs', results: ['/docs'] },
    ];
    renderStep(InfluenceStep, { settings: { resultRanking: entries } });
    await userEvent.click(screen.getByRole('button', { name: 'Download current-result-ranking.csv' }));

    expect(downloads.map((d) => d.fileName)).toEqual(['current-result-ranking.csv']);
    const text = (await downloads[0]?.text()) ?? '';
    expect(text).toBe('"pricing, plans",/pricing,"/plans?a=""b"""\r\ndocs,/docs\r\n');
    expect(readResultRankingFile({ name: 'current-result-ranking.csv' }, parseCsv(text))).toEqual({
      ok: true,
      value: entries,
    });
    expect(
      screen.getByRole('link', { name: 'Download example-result-ranking.csv' }).getAttribute('href'),
    ).toBe('/examples/example-result-ranking.csv');
  });
});

describe('Influence step: opened from a search with no results', () => {
  const query = () => screen.getByRole('textbox', { name: /^Query/ }) as HTMLInputElement;
  const urls = () => screen.getByRole('textbox', { name: /^Result URLs/ }) as HTMLInputElement;

  it('Given ?step=Influence&query=, then a new result ranking entry starts with that query, and Add Entry saves it', async () => {
    const { draft } = renderStep(InfluenceStep, { search: '?step=Influence&query=wireless%20mouse' });
    expect(query().value).toBe('wireless mouse');
    await userEvent.type(urls(), 'https://shop.example/mice');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(draft.current.resultRanking).toEqual([
      { query: 'wireless mouse', results: ['https://shop.example/mice'] },
    ]);
    expect(query().value).toBe('');
  });

  it('Given the query already has an entry (in another case), then that entry opens for editing', () => {
    renderStep(InfluenceStep, {
      search: '?step=Influence&query=wireless%20mouse',
      settings: { resultRanking: [{ query: 'Wireless Mouse', results: ['https://shop.example/a'] }] },
    });
    expect(screen.getByText("Edit entry 'Wireless Mouse'")).toBeTruthy();
    expect(urls().value).toBe('https://shop.example/a');
    expect(screen.getByRole('button', { name: 'Update Entry' })).toBeTruthy();
  });

  it('Given a query for another step, then the editor starts empty', () => {
    renderStep(InfluenceStep, { search: '?step=Synonyms&query=wireless%20mouse' });
    expect(query().value).toBe('');
  });
});

describe('Influence step: URLs from the crawled pages', () => {
  const crawled = {
    'GET searchengines/e1/page-urls': () => ({
      urls: ['https://shop.example/docs/guide', 'https://shop.example/docs/install'],
    }),
  };

  it('Given a crawled engine, when a URL pattern is typed, then its pages are offered and a pick fills the pattern', async () => {
    const { draft, calls } = renderStep(InfluenceStep, { sections: { resultRanking: false }, api: crawled });
    await userEvent.type(pattern(), 'shop.example/do');
    await userEvent.click(await screen.findByRole('option', { name: 'https://shop.example/docs/install' }));
    expect(pattern().value).toBe('https://shop.example/docs/install');
    expect(calls.some((call) => call.path === 'searchengines/e1/page-urls')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
    expect(draft.current.relevance.map((rule) => rule.matches)).toEqual([
      'https://shop.example/docs/install',
    ]);
  });

  it('Given a crawled engine, when pages are picked for an entry, then they go to the end of its Result URLs', async () => {
    renderStep(InfluenceStep, { sections: { relevance: false }, api: crawled });
    const results = screen.getByRole('textbox', { name: /^Result URLs/ }) as HTMLTextAreaElement;
    await userEvent.type(results, 'https://shop.example/');
    const picker = screen.getByRole('combobox', { name: 'Add a crawled page' }) as HTMLInputElement;
    await userEvent.type(picker, 'docs');
    await userEvent.click(await screen.findByRole('option', { name: 'https://shop.example/docs/guide' }));
    expect(results.value).toBe('https://shop.example/\nhttps://shop.example/docs/guide');
    expect(picker.value).toBe('');
  });

  it('Given a new engine (nothing crawled yet), then the URL pattern is a plain text box', () => {
    renderStep(InfluenceStep, { mode: 'create', sections: { resultRanking: false } });
    expect(screen.getByRole('textbox', { name: /^URL pattern/ })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
