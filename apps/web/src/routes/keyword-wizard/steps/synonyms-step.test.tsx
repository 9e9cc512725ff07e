import { DEFAULT_CHARACTER_MAPPING, MESSAGES } from '@siteseer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeRoutes } from '../../../test/render.tsx';
import { captureDownloads, renderStep } from './step-harness.test-kit.tsx';
import { SynonymsStep } from './synonyms-step.tsx';

afterEach(() => vi.restoreAllMocks());

const VALIDATE = 'POST searchengines/synonyms/validate';
const fileInput = () => screen.getByLabelText('Synonyms file (CSV or TXT)');
const current = () => screen.getByRole('textbox', { name: 'Current synonyms' }) as HTMLTextAreaElement;
const mapping = () => screen.getByRole('textbox', { name: 'Character mapping' }) as HTMLTextAreaElement;

function validating(answer: FakeRoutes[string]): FakeRoutes {
  return { [VALIDATE]: answer };
}

describe('Synonyms step', () => {
  it('Given the step, then its fields are found by their labels alone, each one element', () => {
    renderStep(SynonymsStep, {});
    expect(screen.getByLabelText('Character mapping')).toBe(mapping());
    expect(screen.getByLabelText('Current synonyms')).toBe(current());
  });

  it('Given a file that is neither CSV nor TXT, then "File must be CSV or TXT." shows and the server is not asked', async () => {
    const { calls } = renderStep(SynonymsStep, {
      api: validating(() => ({ valid: true, csvSynonymTable: 'a, b' })),
    });
    await userEvent.upload(fileInput(), new File(['a,b'], 'synonyms.xlsx'), { applyAccept: false });
    expect(screen.getByText(MESSAGES.fileMustBeCsvOrTxt)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('Given a valid file, then the server’s table replaces the current one', async () => {
    const { calls, draft } = renderStep(SynonymsStep, {
      settings: { csvSynonymTable: 'old, former' },
      api: validating(() => ({
        valid: true,
        csvSynonymTable: 'tv, television\nlaptop, notebook',
        errors: [],
      })),
    });
    await userEvent.upload(fileInput(), new File(['TV,Television\nlaptop,notebook\n'], 'mine.csv'));

    expect(await screen.findByText('Loaded mine.csv: 2 synonym rules.')).toBeTruthy();
    expect(draft.current.csvSynonymTable).toBe('tv, television\nlaptop, notebook');
    expect(current().value).toBe('tv, television\nlaptop, notebook');
    expect(calls).toHaveLength(1);
    const form = calls[0]?.body as FormData;
    expect(form.get('accountId')).toBe('a1');
    expect((form.get('synonymsFile') as File).name).toBe('mine.csv');
  });

  it('Given a file the server finds invalid, then the spec message and its lines show and the table stays', async () => {
    const { draft } = renderStep(SynonymsStep, {
      settings: { csvSynonymTable: 'old, former' },
      api: validating(() => ({ valid: false, csvSynonymTable: '', errors: ["Line 1: 'tv' has no synonym"] })),
    });
    await userEvent.upload(fileInput(), new File(['tv\n'], 'bad.txt'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.synonymsFileInvalid);
    expect(within(alert).getByText("Line 1: 'tv' has no synonym")).toBeTruthy();
    expect(draft.current.csvSynonymTable).toBe('old, former');
  });

  it('Given a file the server refuses with a problem, then its detail shows', async () => {
    renderStep(SynonymsStep, {
      api: validating(() =>
        Response.json({ status: 413, detail: MESSAGES.synonymsFileTooLarge }, { status: 413 }),
      ),
    });
    await userEvent.upload(fileInput(), new File(['a, b\n'], 'big.txt'));
    expect(await screen.findByText(MESSAGES.synonymsFileTooLarge)).toBeTruthy();
  });

  it('Given synonyms cleared with the keyboard, then focus goes to Upload Synonyms File (Clear is off now)', async () => {
    renderStep(SynonymsStep, { settings: { csvSynonymTable: 'a, b' } });
    screen.getByRole('button', { name: 'Clear' }).focus();
    await userEvent.keyboard('{Enter}');
    within(screen.getByRole('dialog', { name: 'Clear the synonyms?' }))
      .getByRole('button', { name: 'Clear Synonyms' })
      .focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload Synonyms File' })),
    );
  });

  it('Given synonyms, when Clear is confirmed, then the table is empty; Cancel keeps it', async () => {
    const { draft } = renderStep(SynonymsStep, { settings: { csvSynonymTable: 'a, b' } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the synonyms?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(draft.current.csvSynonymTable).toBe('a, b');

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Synonyms' }));
    expect(draft.current.csvSynonymTable).toBe('');
    expect(current().value).toBe('');
    expect(screen.getByRole('button', { name: 'Clear' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Download current-synonyms.txt' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('Given synonyms, when downloaded, then current-synonyms.txt holds the table', async () => {
    const downloads = captureDownloads();
    renderStep(SynonymsStep, { settings: { csvSynonymTable: 'tv, television\ni-pod => ipod' } });
    await userEvent.click(screen.getByRole('button', { name: 'Download current-synonyms.txt' }));
    expect(downloads.map((d) => d.fileName)).toEqual(['current-synonyms.txt']);
    expect(await downloads[0]?.text()).toBe('tv, television\ni-pod => ipod');
  });

  it('Then the example files are links to the served CSV and TXT examples', () => {
    renderStep(SynonymsStep);
    expect(screen.getByRole('link', { name: 'Download example-synonyms.csv' }).getAttribute('href')).toBe(
      '/examples/example-synonyms.csv',
    );
    expect(screen.getByRole('link', { name: 'Download example-synonyms.txt' }).getAttribute('href')).toBe(
      '/examples/example-synonyms.txt',
    );
  });

  it('Given the character mapping, then the default shows, errors show as typed, and Reset restores it', async () => {
    const { draft } = renderStep(SynonymsStep);
    expect(mapping().value).toBe(DEFAULT_CHARACTER_MAPPING);
    await userEvent.clear(mapping());
    await userEvent.type(mapping(), 'ß => ss, oops');
    expect(screen.getByText("'oops' is not of the form 'original => mapped'.")).toBeTruthy();
    expect(draft.current.csvCharMappings).toBe('ß => ss, oops');

    await userEvent.click(screen.getByRole('button', { name: 'Reset to Default' }));
    expect(draft.current.csvCharMappings).toBe(DEFAULT_CHARACTER_MAPPING);
    expect(screen.getByRole('button', { name: 'Reset to Default' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Synonyms step: opened from an analytics query', () => {
  it('Given ?step=Synonyms&query= and synonyms, then it says how to add a rule for that query to the current file', () => {
    renderStep(SynonymsStep, {
      search: '?step=Synonyms&query=wireless%20mouse',
      settings: { csvSynonymTable: 'tv, television' },
    });
    expect(
      screen.getByText(
        "To add synonyms for “wireless mouse”, download current-synonyms.txt, add a line such as 'wireless mouse => words your pages use', and upload the file again.",
      ),
    ).toBeTruthy();
  });

  it('Given ?step=Synonyms&query= and no synonyms (nothing to download), then it asks for a new file, without claiming the query found nothing', () => {
    renderStep(SynonymsStep, { search: '?step=Synonyms&query=wireless%20mouse' });
    expect(
      screen.getByText(
        "To add synonyms for “wireless mouse”, upload a CSV or TXT file with a line such as 'wireless mouse => words your pages use'.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Download current-synonyms.txt' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('Given no query, or one for another step, then there is no such note', () => {
    renderStep(SynonymsStep, { search: '?step=Influence&query=wireless%20mouse' });
    expect(screen.queryByText(/To add synonyms for/)).toBeNull();
  });
});

describe('Synonyms step: the editable table and the try box', () => {
  const rulesTable = () => screen.getByRole('table', { name: 'Synonym rules' });
  const tryBox = () => screen.getByRole('textbox', { name: 'Query to try' });

  it('Given rules, when one is edited in place, one deleted and one added, then the draft has them in the file syntax', async () => {
    const { draft } = renderStep(SynonymsStep, {
      settings: { csvSynonymTable: 'tv, television\nlaptop => notebook' },
    });
    expect(within(rulesTable()).getByText('Each finds the others')).toBeTruthy();
    expect(within(rulesTable()).getByText('Also finds notebook')).toBeTruthy();

    const first = screen.getByRole('textbox', { name: 'Rule 1' });
    await userEvent.clear(first);
    await userEvent.type(first, 'TV, Television, Telly{Enter}');
    expect(draft.current.csvSynonymTable).toBe('tv, television, telly\nlaptop => notebook');

    await userEvent.click(screen.getByRole('button', { name: 'Delete rule laptop => notebook' }));
    expect(draft.current.csvSynonymTable).toBe('tv, television, telly');

    await userEvent.type(screen.getByRole('textbox', { name: 'New synonym rule' }), 'couch => sofa{Enter}');
    expect(draft.current.csvSynonymTable).toBe('tv, television, telly\ncouch => sofa');
    expect(current().value).toBe('tv, television, telly\ncouch => sofa');
  });

  it('Given a rule with one phrase, when added or saved in place, then the parser says why and nothing changes', async () => {
    const { draft } = renderStep(SynonymsStep, { settings: { csvSynonymTable: 'tv, television' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'New synonym rule' }), 'lonely{Enter}');
    expect(screen.getByText(/^'lonely' has no synonym/)).toBeTruthy();
    const first = screen.getByRole('textbox', { name: 'Rule 1' });
    await userEvent.clear(first);
    await userEvent.type(first, 'a =>{Enter}');
    expect(screen.getByText("'=>' needs phrases on both sides.")).toBeTruthy();
    expect(draft.current.csvSynonymTable).toBe('tv, television');
  });

  it('Given rules and a character mapping, when a query is tried, then it shows what search adds to it', async () => {
    renderStep(SynonymsStep, {
      settings: { csvSynonymTable: 'tv, television\nnew york, nyc', csvCharMappings: 'Ω => ohm' },
    });
    expect(screen.getByText('Type a query to see what the synonyms add to it.')).toBeTruthy();
    await userEvent.type(tryBox(), 'Cheap TV in New York');
    expect(screen.getByText('“tv” also finds “television”')).toBeTruthy();
    expect(screen.getByText('“new york” also finds “nyc”')).toBeTruthy();
    await userEvent.clear(tryBox());
    await userEvent.type(tryBox(), 'radio');
    expect(screen.getByText('No synonym applies: search looks for radio.')).toBeTruthy();
  });
});
