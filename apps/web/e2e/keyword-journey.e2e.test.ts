import { MESSAGES } from '@siteseer/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './chromium.ts';
import type { ApiSession } from './fixtures.ts';
import {
  type CrawlingPortal,
  expectAccessible,
  keywordEngineId,
  wizardRegion as region,
  type Site,
  serveSite,
  startCrawlingPortal,
  wizardStep as step,
} from './keyword-site.ts';

// Issue 13, "Done when": a keyword engine created through the wizard over a site on 127.0.0.1, its
// crawl report watched until finalized, then edited (a tab, a relevance rule, a pin, a synonym, a
// rewrite rule) and published; each change is seen in the preview's real widget, and each check is
// made before the edit too, so that none would pass without its setting.
const ENGINE = 'Journey Search';
const REWRITTEN = 'https://www.example.test';
/** The site's origin, whatever its port, becomes the public one (core's `pattern -> replacement`). */
const REWRITE_RULE = String.raw`^http://127\.0\.0\.1:\d+/ -> ${REWRITTEN}/`;

/**
 * Pages with distinct words. 'widget': /blog/weekly says it six times, /docs/guide once (the boost
 * must lift the guide); 'search': /blog/tips says it four times, /about once (the pin must lift
 * /about); 'sofa' is only on /blog/paint, 'couch' nowhere and too far from any word for typo
 * tolerance (the synonym must find it). No title
 * holds a query word, since the home page lists the titles.
 */
const PAGES = {
  '/blog/weekly': {
    title: 'Weekly news',
    body: 'Widgets, widgets and more widgets: every widget we shipped this week, widget by widget.',
  },
  '/docs/guide': { title: 'Installation guide', body: 'Add the widget to a page with one script tag.' },
  '/blog/paint': {
    title: 'Painting the fence',
    body: 'We painted the fence and moved the old sofa into the garden.',
  },
  '/blog/tips': {
    title: 'Tips and tricks',
    body: 'Search tips: search with quotes, search by phrase, search often.',
  },
  '/about': { title: 'About us', body: 'We build site search for teams.' },
};

interface Hit {
  title: string;
  href: string;
  featured: boolean;
}

/** What the preview's widget shows: its status line, its tabs (when shown) and its results. */
interface Shown {
  status: string;
  tabs: string[];
  hits: Hit[];
}

const browserTests = chromiumAvailable();
let site: Site;
let crawling: CrawlingPortal;
let owner: Page;
let ownerApi: ApiSession;

beforeAll(async () => {
  if (!browserTests) return;
  site = await serveSite('Journey site', PAGES);
  crawling = await startCrawlingPortal();
  ({ owner, ownerApi } = crawling);
});

afterAll(async () => {
  await crawling?.close();
  await site?.close();
});

const url = (path: string) => `${site.origin}${path}`;
const card = () => owner.getByRole('article', { name: ENGINE });

/** Opens the engine card's Preview (a new tab) and keeps the widget's answers as they come. */
async function openPreview(): Promise<Page> {
  const [preview] = await Promise.all([
    crawling.browser.context.waitForEvent('page'),
    card().getByRole('link', { name: 'Preview' }).click(),
  ]);
  await preview.getByRole('heading', { level: 1, name: ENGINE }).waitFor();
  await preview.getByRole('combobox', { name: 'Search' }).waitFor();
  await preview.evaluate(() => {
    const answers: unknown[] = [];
    Object.assign(window, { answers });
    document.addEventListener('siteseer:results', (event) => answers.push((event as CustomEvent).detail));
  });
  return preview;
}

const answerCount = (preview: Page) =>
  preview.evaluate(() => (window as unknown as { answers: unknown[] }).answers.length);

/** What the widget shows once it has answered `act` (a search typed, a tab chosen). */
async function shownAfter(preview: Page, act: () => Promise<void>): Promise<Shown> {
  const before = await answerCount(preview);
  await act();
  await expect.poll(() => answerCount(preview)).toBe(before + 1);
  const tablist = preview.getByRole('tablist', { name: 'Result categories' });
  return {
    status: (await preview.getByRole('status').textContent()) ?? '',
    tabs: (await tablist.isVisible()) ? await tablist.getByRole('tab').allTextContents() : [],
    hits: await preview.locator('li.siteseer-hit').evaluateAll((items) =>
      items.map((item) => ({
        title: item.querySelector('a')?.textContent ?? '',
        href: item.querySelector('a')?.getAttribute('href') ?? '',
        featured: item.querySelector('.siteseer-badge')?.textContent === 'Featured',
      })),
    ),
  };
}

/** Types `q` in the preview's search box and presses Enter. */
function search(preview: Page, q: string): Promise<Shown> {
  return shownAfter(preview, async () => {
    const box = preview.getByRole('combobox', { name: 'Search' });
    await box.fill(q);
    await box.press('Enter');
  });
}

const hrefs = (shown: Shown) => shown.hits.map((hit) => hit.href);

describe.runIf(browserTests)('the keyword engine journey in Chromium', () => {
  it('Given the dashboard, when the owner creates an engine through the wizard, then its crawl report fills until finalized', async () => {
    const create = owner.getByRole('region', { name: 'Add a New Keyword Search Engine' });
    await create.getByRole('textbox', { name: 'Default site URL' }).fill(url('/'));
    await create.getByRole('button', { name: 'Crawl' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Keyword Creation Wizard' }).waitFor();
    await owner.getByRole('textbox', { name: 'Search Engine Name' }).fill(ENGINE);
    await owner.getByRole('button', { name: 'Next' }).click();
    const crawler = region(owner, 'Crawler');
    await crawler.getByRole('list', { name: 'Sites to crawl' }).getByText(url('/')).waitFor();
    await crawler.getByRole('combobox', { name: 'Page load delay' }).click();
    await owner.getByRole('option', { name: 'none' }).click();
    for (const name of ['Influence', 'URL Rewriting', 'Synonyms', 'Review']) {
      await owner.getByRole('button', { name: 'Next' }).click();
      await region(owner, name).waitFor();
    }
    await owner.getByRole('button', { name: 'Create & Publish' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();

    await card().getByRole('link', { name: 'Status' }).click();
    await owner.getByRole('heading', { name: `Crawl Report: ${ENGINE}` }).waitFor();
    const urls = 1 + Object.keys(PAGES).length;
    await owner.getByText(MESSAGES.crawlerFinished).waitFor({ timeout: 30_000 });
    await owner.getByText(`${urls} of ${urls} URLs fetched`).waitFor();
    const table = owner.getByRole('table', { name: 'Crawled URLs' });
    for (const path of ['/', ...Object.keys(PAGES)]) {
      await table.getByRole('cell', { name: url(path), exact: true }).waitFor();
    }
    await owner.getByRole('link', { name: 'Dashboard' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
  });

  it('Given the crawled engine, when the owner searches its preview, then results are ranked by the text alone', async () => {
    const preview = await openPreview();
    const widget = await search(preview, 'widget');
    expect(widget.tabs).toEqual([]);
    expect(hrefs(widget)).toEqual([url('/blog/weekly'), url('/docs/guide')]);
    expect(widget.status).toBe('2 results');

    const pinless = await search(preview, 'search');
    expect(hrefs(pinless)).toEqual([url('/blog/tips'), url('/about')]);
    expect(pinless.hits.map((hit) => hit.featured)).toEqual([false, false]);

    const couch = await search(preview, 'couch');
    expect(couch.hits).toEqual([]);
    expect(couch.status).toBe('No results found.');
    await preview.close();
  });

  it('Given the engine, when the owner edits a tab, a relevance rule, a pin, a synonym and a rewrite rule, then Publish saves them', async () => {
    await card()
      .getByRole('button', { name: `Actions for ${ENGINE}` })
      .click();
    await owner.getByRole('menuitem', { name: 'Edit' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Keyword Edit Wizard' }).waitFor();

    // Tabs: a 'blog' tab over the blog's URLs.
    await step(owner, 'Tabs').click();
    const tabs = region(owner, 'Tabs');
    await tabs.getByLabel('Use tabs').check();
    await tabs.getByRole('textbox', { name: 'Tab name' }).fill('Blog');
    await tabs.getByRole('combobox', { name: 'Tab icon' }).click();
    await owner.getByRole('option', { name: 'blog', exact: true }).click();
    await tabs.getByRole('combobox', { name: 'Tab category' }).fill('*/blog/*');
    await tabs.getByRole('button', { name: 'Add Tab' }).click();
    await tabs.getByRole('status').getByText("Added tab 'blog'.").waitFor();

    // Influence: the docs boosted by 10, and /about pinned for 'search'.
    await step(owner, 'Influence').click();
    const influence = region(owner, 'Influence');
    // When editing, the URL pattern suggests the engine's crawled pages (a combobox).
    await influence.getByRole('combobox', { name: 'URL pattern' }).fill('*/docs/*');
    const weight = influence.getByRole('slider', { name: 'Weight', exact: true });
    await weight.focus();
    for (let n = 5; n < 10; n++) await weight.press('ArrowRight');
    await influence.getByText('Weight: 10').waitFor();
    await influence.getByRole('button', { name: 'Add Rule' }).click();
    const rules = influence.getByRole('table', { name: 'Relevance rules' });
    expect(await rules.locator('tbody tr').allTextContents()).toEqual(['*/docs/*10Delete']);

    await influence.getByLabel('Enable result ranking').check();
    await influence.getByRole('textbox', { name: 'Query' }).fill('search');
    await influence.getByRole('textbox', { name: 'Result URLs' }).fill(url('/about'));
    await influence.getByRole('button', { name: 'Add Entry' }).click();
    await influence
      .getByRole('table', { name: 'Result ranking entries' })
      .getByRole('cell', { name: 'search', exact: true })
      .waitFor();

    // URL Rewriting: the site's origin becomes the public one, as the try box shows.
    await step(owner, 'URL Rewriting').click();
    const rewriting = region(owner, 'URL Rewriting');
    await rewriting.getByRole('textbox', { name: 'Rewrite rule' }).fill(REWRITE_RULE);
    await rewriting.getByRole('button', { name: 'Add Rule' }).click();
    await rewriting.getByRole('textbox', { name: 'URL to try' }).fill(url('/docs/guide'));
    await rewriting.getByText(`Rewritten: ${REWRITTEN}/docs/guide`).waitFor();

    // Synonyms: a file uploaded and validated by the server.
    await step(owner, 'Synonyms').click();
    const synonyms = region(owner, 'Synonyms');
    await synonyms.getByLabel('Synonyms file (CSV or TXT)').setInputFiles({
      name: 'synonyms.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('sofa, couch\n'),
    });
    await synonyms.getByText('Loaded synonyms.txt: 1 synonym rule.').waitFor();

    await step(owner, 'Review').click();
    const review = region(owner, 'Review');
    const block = async (name: string) => (await review.getByRole('region', { name }).textContent()) ?? '';
    expect(await block('Tabs and cross-reference category')).toContain('blog (blog, */blog/*)');
    expect(await block('Relevance and result ranking')).toContain('*/docs/* (weight 10)');
    expect(await block('Relevance and result ranking')).toContain('search: 1 result(s)');
    expect(await block('Synonyms and character mapping')).toContain('Synonym rules1');
    expect(await block('URL rewrite rules')).toContain(REWRITE_RULE);
    await expectAccessible(owner, 'Review step with every setting');
    await owner.getByRole('button', { name: 'Publish' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();

    const saved = await ownerApi.call(
      'GET',
      `searchengines/${await keywordEngineId(ownerApi, ENGINE)}?accountId=${ownerApi.accountId}`,
    );
    expect(saved.body.csvSynonymTable).toContain('couch');
  });

  it('Given the published edit, when the owner searches the preview, then each change shows on the widget', async () => {
    const preview = await openPreview();

    // Tabs and the boost: the docs page now first; the blog tab counts and filters.
    const widget = await search(preview, 'widget');
    expect(widget.tabs).toEqual(['All (2)', 'Blog (1)']);
    expect(widget.hits.map((hit) => hit.title)).toEqual(['Installation guide', 'Weekly news']);
    const blog = await shownAfter(preview, () => preview.getByRole('tab', { name: 'Blog (1)' }).click());
    expect(await preview.getByRole('tab', { name: 'Blog (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(blog.hits.map((hit) => hit.title)).toEqual(['Weekly news']);
    expect(blog.status).toBe('1 result');
    await shownAfter(preview, () => preview.getByRole('tab', { name: /^All/ }).click());

    // Rewrite: every link carries the public origin, as the preview says.
    await preview.getByText(/Result links follow the URL rewrite rules/).waitFor();
    expect(hrefs(widget)).toEqual([`${REWRITTEN}/docs/guide`, `${REWRITTEN}/blog/weekly`]);

    // The pin: /about first and featured, then the rest as ranked.
    const pinned = await search(preview, 'search');
    expect(hrefs(pinned)).toEqual([`${REWRITTEN}/about`, `${REWRITTEN}/blog/tips`]);
    expect(pinned.hits.map((hit) => hit.featured)).toEqual([true, false]);

    // The synonym: 'couch' finds the page that says 'sofa'.
    const couch = await search(preview, 'couch');
    expect(hrefs(couch)).toEqual([`${REWRITTEN}/blog/paint`]);
    expect(couch.status).toBe('1 result');
    await expectAccessible(preview, 'keyword preview with tabs');
    await preview.close();
  });
});
