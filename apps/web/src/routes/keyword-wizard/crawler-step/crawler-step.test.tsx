import type { KeywordSettings, KeywordWizardSections, SiteSignIn } from '@siteseer/core';
import { KeywordSettings as KeywordSettingsSchema, MESSAGES } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { account, profile, seededFeatures } from '../../../test/fixtures.ts';
import { type FakeRoutes, renderPortal, routesFor } from '../../../test/render.tsx';
import { CrawlerStep } from './crawler-step.tsx';
import { withCustomTag } from './custom-tags.tsx';

const ALL_ON: KeywordWizardSections = {
  urlFiltering: true,
  crawlFrequency: true,
  tabs: true,
  relevance: true,
  resultRanking: true,
  urlRewriting: true,
  synonyms: true,
};

type Draft = { current: KeywordSettings; signIns?: Record<string, SiteSignIn> };

/** The Crawler step over a draft held in state, as the wizard holds it. */
function Harness({ draft, sections }: { draft: Draft; sections: KeywordWizardSections }) {
  const [settings, setSettings] = useState(draft.current);
  const [newUrl, setNewUrl] = useState('');
  const [signIns, setSignIns] = useState<Record<string, SiteSignIn>>({});
  return (
    <CrawlerStep
      settings={settings}
      onChange={(patch) => {
        draft.current = { ...draft.current, ...patch };
        setSettings(draft.current);
      }}
      mode="create"
      sections={sections}
      errors={{}}
      newUrl={newUrl}
      onNewUrl={setNewUrl}
      signIns={signIns}
      onSignIn={(site, signIn) => {
        const { [site]: _replaced, ...others } = signIns;
        draft.signIns = signIn ? { ...others, [site]: signIn } : others;
        setSignIns(draft.signIns);
      }}
    />
  );
}

function renderCrawler(
  options: {
    settings?: Partial<KeywordSettings>;
    sections?: Partial<KeywordWizardSections>;
    api?: FakeRoutes;
  } = {},
) {
  const draft: Draft = { current: KeywordSettingsSchema.parse(options.settings ?? {}) };
  renderPortal({
    path: '/step',
    routes: routesFor('/step', <Harness draft={draft} sections={{ ...ALL_ON, ...options.sections }} />),
    profile: profile({ accounts: [account('a1', 'Acme', 'owner')] }),
    features: seededFeatures(),
    ...(options.api ? { api: options.api } : {}),
  });
  return draft;
}

/** The capabilities call of a server that has Chromium, or has none (the server's reason). */
const capabilities = (reason: string | null): FakeRoutes => ({
  'GET datasource/crawler/capabilities': () => ({ renderJavaScript: { available: reason === null, reason } }),
});
const NO_CHROMIUM = 'Chromium is not installed on this server, so pages cannot be rendered with JavaScript.';

const filterFile = (text: string, name = 'filters.csv') => new File([text], name, { type: 'text/csv' });
const filterList = () => screen.queryByRole('list', { name: 'URL filters' });

describe('Crawler step', () => {
  it('Given sites removed with the keyboard, then focus goes to the next entry, then the one before, then the input', async () => {
    renderCrawler({
      settings: { urls: ['https://a.example.com', 'https://b.example.com', 'https://c.example.com'] },
    });
    const remove = (url: string) => screen.getByRole('button', { name: `Remove ${url}` });
    remove('https://b.example.com').focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(remove('https://c.example.com'));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(remove('https://a.example.com'));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Site URL' }));
  });

  it('Given custom tags removed with the keyboard, then focus goes to the next Remove, then to Tag name', async () => {
    renderCrawler({
      settings: {
        customTags: [
          { name: 'docs', icon: 'pdf' },
          { name: 'blog', icon: 'blog' },
        ],
      },
    });
    screen.getByRole('button', { name: 'Remove tag docs' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove tag blog' }));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Tag name/ }));
  });

  it('Given URL filtering and crawl frequency off, then neither shows', () => {
    renderCrawler({ sections: { urlFiltering: false, crawlFrequency: false } });
    expect(screen.queryByRole('region', { name: 'URL filters' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Crawl frequency' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Page load delay' })).toBeTruthy();
  });

  it('Given the documents to index, then PDF is checked by default and each box adds or removes its type', async () => {
    const draft = renderCrawler();
    const documents = screen.getByRole('group', { name: 'Documents to index' });
    const box = (name: string) => within(documents).getByRole('checkbox', { name });
    expect((box('PDF') as HTMLInputElement).checked).toBe(true);
    expect((box('Word (DOCX)') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(box('Word (DOCX)'));
    expect(draft.current.documentTypes).toEqual(['pdf', 'docx']);
    await userEvent.click(box('PDF'));
    await userEvent.click(box('Word (DOCX)'));
    expect(draft.current.documentTypes).toEqual([]);
  });

  it('Given a server that renders pages, then Render JavaScript is off by default and turns rendering on', async () => {
    const draft = renderCrawler({ api: capabilities(null) });
    const toggle = screen.getByRole('switch', { name: 'Render JavaScript' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/written by JavaScript \(single-page apps\)/)).toBeTruthy();
    await userEvent.click(toggle);
    expect(draft.current.renderJavaScript).toBe(true);
  });

  it('Given a server without Chromium, then Render JavaScript is disabled and says why', async () => {
    const draft = renderCrawler({ api: capabilities(NO_CHROMIUM) });
    const toggle = screen.getByRole('switch', { name: 'Render JavaScript' }) as HTMLInputElement;
    await vi.waitFor(() => expect(toggle.disabled).toBe(true));
    const help = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe(NO_CHROMIUM);
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    expect(draft.current.renderJavaScript).toBe(false);
  });

  it('Given a server without Chromium and rendering already on, then it can still be turned off', async () => {
    const draft = renderCrawler({ settings: { renderJavaScript: true }, api: capabilities(NO_CHROMIUM) });
    const toggle = screen.getByRole('switch', { name: 'Render JavaScript' }) as HTMLInputElement;
    await screen.findByText(NO_CHROMIUM);
    expect(toggle.disabled).toBe(false);
    await userEvent.click(toggle);
    expect(draft.current.renderJavaScript).toBe(false);
  });

  it('Given a new engine, when a sign-in is set for its site, then the draft keeps it for the save, shown without its secret', async () => {
    const draft = renderCrawler({ settings: { urls: ['https://staff.example.com/'] } });
    const row = screen.getByRole('region', { name: 'Sign-in for this site: https://staff.example.com/' });
    expect(within(row).getByText('None: the site is crawled signed out.')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Set sign-in' }));
    await userEvent.type(within(row).getByLabelText(/User name/), 'alice');
    await userEvent.type(within(row).getByLabelText(/Password/), 'pw-staff');
    await userEvent.click(within(row).getByRole('button', { name: 'Save sign-in' }));
    expect(draft.signIns).toEqual({
      'https://staff.example.com/': { kind: 'basic', user: 'alice', password: 'pw-staff' },
    });
    expect(within(row).getByText('Set: HTTP Basic, user alice (sent when the engine is saved)')).toBeTruthy();
    expect(row.textContent).not.toContain('pw-staff');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(draft.signIns).toEqual({});
    expect(within(row).getByText('None: the site is crawled signed out.')).toBeTruthy();
  });

  it('Given a new engine, then no note about when changes take effect shows (its first crawl starts on Create)', () => {
    renderCrawler();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('Given a URL filters file that is not CSV, then File must be CSV. shows and the filters stay', async () => {
    const draft = renderCrawler({ settings: { urlFilters: ['/docs/*'] } });
    await userEvent.upload(screen.getByLabelText('URL filters CSV file'), filterFile('/a', 'filters.txt'), {
      applyAccept: false,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.fileMustBeCsv);
    expect(draft.current.urlFilters).toEqual(['/docs/*']);
  });

  it('Given a CSV of several rows, then the first column of each replaces the filters; one row gives its cells', async () => {
    const draft = renderCrawler({ settings: { urlFilters: ['/old/*'] } });
    await userEvent.upload(
      screen.getByLabelText('URL filters CSV file'),
      filterFile('/docs/*,ignored\n-/docs/old/*\n'),
    );
    expect(await screen.findByRole('list', { name: 'URL filters' })).toBeTruthy();
    expect(draft.current.urlFilters).toEqual(['/docs/*', '-/docs/old/*']);
    await userEvent.upload(screen.getByLabelText('URL filters CSV file'), filterFile('/a/*, /b/* ,'));
    await vi.waitFor(() => expect(draft.current.urlFilters).toEqual(['/a/*', '/b/*']));
    expect([...(filterList()?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      '/a/*',
      '/b/*',
    ]);
  });

  it('Given a CSV with a quote left open, then the parse error shows', async () => {
    renderCrawler();
    await userEvent.upload(screen.getByLabelText('URL filters CSV file'), filterFile('"/docs/*\n'));
    expect(await screen.findByText('Quoted field unterminated (row 1)')).toBeTruthy();
  });

  it('Given filters, then current-url-filters.csv downloads them one per row; the example links to its file', async () => {
    renderCrawler({ settings: { urlFilters: ['/docs/*', 'a,b'] } });
    const saved: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:filters';
    });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Download current-url-filters.csv' }));
      expect(await saved[0]?.text()).toBe('/docs/*\r\n"a,b"\r\n');
    } finally {
      create.mockRestore();
    }
    const example = screen.getByRole('link', { name: 'Download example-url-filters.csv' });
    expect(example.getAttribute('href')).toBe('/examples/example-url-filters.csv');
    expect(example.hasAttribute('download')).toBe(true);
  });

  it('Given filters typed, then they are added once and removing the last leaves no filter (null)', async () => {
    const draft = renderCrawler();
    await userEvent.type(screen.getByRole('textbox', { name: 'URL filter' }), '/docs/*{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'URL filter' }), '/docs/*{Enter}');
    expect(draft.current.urlFilters).toEqual(['/docs/*']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove /docs/*' }));
    expect(draft.current.urlFilters).toBeNull();
  });

  it('Given ignored URL parameters typed one per line, then the draft gets them trimmed, blank lines left out', async () => {
    const draft = renderCrawler({ settings: { ignoreParameters: ['ref*'] } });
    const field = screen.getByRole('textbox', { name: 'Ignored URL parameters' });
    expect((field as HTMLTextAreaElement).value).toBe('ref*');
    await userEvent.type(field, '{Enter}{Enter}  SessionId {Enter}');
    expect((field as HTMLTextAreaElement).value).toBe('ref*\n\n  SessionId \n');
    expect(draft.current.ignoreParameters).toEqual(['ref*', 'SessionId']);
    await userEvent.clear(field);
    expect(draft.current.ignoreParameters).toEqual([]);
  });

  it('Then the ignored URL parameters field names the parameters the crawler always drops', () => {
    renderCrawler();
    const field = screen.getByRole('textbox', { name: 'Ignored URL parameters' });
    const help = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toContain('One parameter name per line');
    expect(help?.textContent).toContain('Always dropped: utm_*, gclid,');
    expect(help?.textContent).toContain('fbclid');
    expect(help?.textContent).toContain('jsessionid, phpsessid.');
  });

  it('Given the content target switch, then the selector field follows it and an invalid selector is named', async () => {
    const draft = renderCrawler();
    const field = screen.getByRole('textbox', { name: 'Content target (CSS selector)' });
    expect(field.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: 'Use a content target' }));
    // Pasted: userEvent.type reads brackets as key names.
    await userEvent.click(field);
    await userEvent.paste('main[');
    expect(screen.getByText(MESSAGES.invalidSelector)).toBeTruthy();
    await userEvent.paste('role=main]');
    expect(screen.queryByText(MESSAGES.invalidSelector)).toBeNull();
    expect(draft.current).toMatchObject({ useContentTarget: true, contentTarget: 'main[role=main]' });
  });

  it('Given exclude targets, then a selector that does not parse is refused and valid ones are listed', async () => {
    const draft = renderCrawler();
    await userEvent.click(screen.getByRole('switch', { name: 'Exclude content targets' }));
    const box = screen.getByRole('textbox', { name: 'Exclude target (CSS selector)' });
    await userEvent.type(box, '>>{Enter}');
    expect(screen.getByText(MESSAGES.invalidSelector)).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'nav{Enter}');
    await userEvent.type(box, 'footer{Enter}');
    expect(draft.current).toMatchObject({ useExcludeTarget: true, excludeContentTargets: ['nav', 'footer'] });
  });

  it('Given custom tags, then name and icon are required, a repeated name takes the new icon, and a tag can be removed', async () => {
    const draft = renderCrawler();
    await userEvent.click(screen.getByRole('textbox', { name: 'Custom tags selector' }));
    await userEvent.paste('meta[name="category"]');
    await userEvent.type(screen.getByRole('textbox', { name: 'Custom tags attribute name' }), 'content');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(screen.getByText(MESSAGES.customTagNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.customTagIconRequired)).toBeTruthy();

    const addTag = async (name: string, icon: string) => {
      await userEvent.type(screen.getByRole('textbox', { name: 'Tag name' }), name);
      await userEvent.click(screen.getByRole('combobox', { name: 'Tag icon' }));
      await userEvent.click(await screen.findByRole('option', { name: icon }));
      await userEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    };
    await addTag('product', 'product');
    await addTag('docs', 'documentation');
    await addTag('Product', 'manufacturer');
    const rows = within(screen.getByRole('table', { name: 'Custom tags' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameIconActions',
      'Productmanufacturer',
      'docsdocumentation',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag docs' }));
    expect(draft.current).toMatchObject({
      customTagsSelector: 'meta[name="category"]',
      customTagsAttributeName: 'content',
      customTags: [{ name: 'Product', icon: 'manufacturer' }],
    });
  });

  it('Given a tag list, then withCustomTag keeps the order and replaces a name case-insensitively', () => {
    expect(
      withCustomTag(
        [
          { name: 'a', icon: 'home' },
          { name: 'B', icon: 'pdf' },
        ],
        { name: 'b', icon: 'video' },
      ),
    ).toEqual([
      { name: 'a', icon: 'home' },
      { name: 'b', icon: 'video' },
    ]);
  });
});
