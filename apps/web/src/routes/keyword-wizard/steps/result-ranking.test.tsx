import { rankingPinnedAndHiddenMessage } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfluenceStep } from './influence-step.tsx';
import { captureDownloads, renderStep } from './step-harness.test-kit.tsx';

afterEach(() => vi.restoreAllMocks());

const box = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;
const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Result ranking entries' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('Result ranking: hidden URLs', () => {
  it('Given the editor, when pinned and hidden URLs are added, then the entry keeps both and edits them in place', async () => {
    const { draft } = renderStep(InfluenceStep, { sections: { relevance: false } });
    await userEvent.type(box(/^Query/), 'pricing');
    await userEvent.type(box(/^Result URLs/), '/pricing');
    await userEvent.type(box(/^Hidden URLs/), '/old-pricing{Enter}/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(screen.getByText(rankingPinnedAndHiddenMessage('/pricing'))).toBeTruthy();
    expect(draft.current.resultRanking).toBeNull();

    await userEvent.clear(box(/^Hidden URLs/));
    await userEvent.type(box(/^Hidden URLs/), '/old-pricing{Enter}/2019-pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(draft.current.resultRanking).toEqual([
      { query: 'pricing', results: ['/pricing'], hidden: ['/old-pricing', '/2019-pricing'] },
    ]);
    expect(rowTexts()).toEqual(['pricing/pricing/old-pricing/2019-pricingEditDelete']);

    await userEvent.click(screen.getByRole('button', { name: 'Edit entry pricing' }));
    expect(box(/^Hidden URLs/).value).toBe('/old-pricing\n/2019-pricing');
    await userEvent.clear(box(/^Result URLs/));
    await userEvent.clear(box(/^Hidden URLs/));
    await userEvent.type(box(/^Hidden URLs/), '/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Update Entry' }));
    // An entry may hide without pinning anything.
    expect(draft.current.resultRanking).toEqual([{ query: 'pricing', results: [], hidden: ['/pricing'] }]);
  });

  it('Given a crawled engine, when a page is picked or typed to hide, then it goes to the end of Hidden URLs', async () => {
    renderStep(InfluenceStep, {
      sections: { relevance: false },
      api: {
        'GET searchengines/e1/page-urls': () => ({
          urls: ['https://shop.example/docs/guide', 'https://shop.example/docs/old'],
        }),
      },
    });
    const picker = screen.getByRole('combobox', { name: 'Hide a crawled page' }) as HTMLInputElement;
    await userEvent.type(picker, 'docs');
    await userEvent.click(await screen.findByRole('option', { name: 'https://shop.example/docs/old' }));
    expect(box(/^Hidden URLs/).value).toBe('https://shop.example/docs/old');
    expect(picker.value).toBe('');
    await userEvent.type(picker, 'https://shop.example/gone');
    await userEvent.click(screen.getByRole('button', { name: 'Hide URL' }));
    expect(box(/^Hidden URLs/).value).toBe('https://shop.example/docs/old\nhttps://shop.example/gone');
    expect(box(/^Result URLs/).value).toBe('');
  });

  it('Given a CSV with the hidden column, when loaded and downloaded again, then the hidden URLs make the round trip', async () => {
    const downloads = captureDownloads();
    const { draft } = renderStep(InfluenceStep, { sections: { relevance: false } });
    const csv = 'pricing,/pricing,/plans,hidden: /old /2019\r\ndocs,/docs\r\n';
    await userEvent.upload(
      screen.getByLabelText('Result ranking file (CSV)'),
      new File([csv], 'ranking.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('Loaded ranking.csv: 2 entries.')).toBeTruthy();
    expect(draft.current.resultRanking).toEqual([
      { query: 'pricing', results: ['/pricing', '/plans'], hidden: ['/old', '/2019'] },
      { query: 'docs', results: ['/docs'] },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Download current-result-ranking.csv' }));
    expect(await downloads[0]?.text()).toBe('pricing,/pricing,/plans,hidden: /old /2019\r\ndocs,/docs,,\r\n');
  });
});
