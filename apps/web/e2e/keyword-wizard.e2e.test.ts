import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from './chromium.ts';
import type { ApiSession } from './fixtures.ts';
import {
  type CrawlingPortal,
  crawled,
  expectAccessible,
  keywordEngineId,
  wizardRegion as region,
  type Site,
  serveSite,
  startCrawlingPortal,
  wizardStep as step,
} from './keyword-site.ts';

// Issue 13, screen 1: a keyword engine made through the wizard over a site served on 127.0.0.1,
// crawled by the API's own crawl loop, then edited and published again.
const ENGINE = 'Handbook Search';
const STEPS = ['Name', 'Crawler', 'Tabs', 'Influence', 'URL Rewriting', 'Synonyms', 'Review'];

const browserTests = chromiumAvailable();
let handbook: Site;
let blog: Site;
let crawling: CrawlingPortal;
let owner: Page;
let ownerApi: ApiSession;

beforeAll(async () => {
  if (!browserTests) return;
  handbook = await serveSite('Handbook', {
    '/install': 'Install the widget with one script tag.',
    '/theming': 'Theme the results with custom properties.',
  });
  blog = await serveSite('Blog', { '/release': 'The crawler now honours sitemaps.' });
  crawling = await startCrawlingPortal();
  ({ owner, ownerApi } = crawling);
});

afterAll(async () => {
  await crawling?.close();
  await handbook?.close();
  await blog?.close();
});

describe.runIf(browserTests)('the keyword wizard in Chromium', () => {
  let engineId: string;

  it("Given the dashboard's keyword card, when the owner creates an engine through the wizard, then it is on the dashboard and its site is crawled", async () => {
    const card = owner.getByRole('region', { name: 'Add a New Keyword Search Engine' });
    await card.getByRole('textbox', { name: 'Default site URL' }).fill(`${handbook.origin}/`);
    await card.getByRole('button', { name: 'Crawl' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Keyword Creation Wizard' }).waitFor();
    expect(await owner.title()).toBe('Keyword Creation Wizard | Siteseer');

    await owner.getByRole('button', { name: 'Next' }).click();
    await owner.getByText('Correct errors before proceeding.').waitFor();
    await owner.getByText('A search engine name is required.').waitFor();
    await expectAccessible(owner, 'Name step in error');
    await owner.getByRole('textbox', { name: 'Search Engine Name' }).fill(ENGINE);
    await owner.getByRole('button', { name: 'Next' }).click();

    const crawler = region(owner, 'Crawler');
    await crawler.getByRole('list', { name: 'Sites to crawl' }).getByText(`${handbook.origin}/`).waitFor();
    await crawler.getByRole('combobox', { name: 'Page load delay' }).click();
    await owner.getByRole('option', { name: 'none' }).click();
    const ignored = crawler.getByRole('textbox', { name: 'Ignored URL parameters' });
    await ignored.fill('ref*\nutm source');
    // From the keyboard: the wizard moves focus to the field in error, and no button stays hovered.
    await owner.getByRole('button', { name: 'Next' }).press('Enter');
    await crawler.getByText(/^"utm source" is not a URL parameter name/).waitFor();
    await expect.poll(() => ignored.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await ignored.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(owner, 'Crawler step, an ignored URL parameter in error');
    await ignored.fill('ref*\nsessionid');
    const documents = crawler.getByRole('group', { name: 'Documents to index' });
    expect(await documents.getByRole('checkbox', { name: 'PDF' }).isChecked()).toBe(true);
    // The API found Chromium (Debian's, as these tests use): the switch may be turned on.
    const rendering = crawler.getByRole('switch', { name: 'Render JavaScript' });
    expect(await rendering.isChecked()).toBe(false);
    expect(await rendering.isEnabled()).toBe(true);
    await expectAccessible(owner, 'Crawler step');

    for (const name of ['Influence', 'URL Rewriting', 'Synonyms', 'Review']) {
      await owner.getByRole('button', { name: 'Next' }).click();
      await region(owner, name).waitFor();
      await expectAccessible(owner, `${name} step (create)`);
    }
    const review = region(owner, 'Review');
    expect(await review.getByRole('region', { name: 'Name and account' }).textContent()).toContain(ENGINE);

    await owner.getByRole('button', { name: 'Create & Publish' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
    const engineCard = owner.getByRole('article', { name: ENGINE });
    await engineCard.getByText(`${handbook.origin}/`).waitFor();

    engineId = await keywordEngineId(ownerApi, ENGINE);
    await expect
      .poll(() => crawled(ownerApi, engineId), { timeout: 30_000 })
      .toMatchObject({ [`${handbook.origin}/install`]: 3, [`${handbook.origin}/theming`]: 3 });
  });

  it('Given the engine, when the owner edits it, adds a site and publishes, then the engine has both sites and the new one is crawled', async () => {
    await owner
      .getByRole('article', { name: ENGINE })
      .getByRole('button', { name: `Actions for ${ENGINE}` })
      .click();
    await owner.getByRole('menuitem', { name: 'Edit' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Keyword Edit Wizard' }).waitFor();
    for (const name of STEPS) expect(await step(owner, name).isDisabled()).toBe(false);
    expect(await owner.getByRole('textbox', { name: 'Search Engine Name' }).isDisabled()).toBe(true);
    await expectAccessible(owner, 'Name step (edit)');

    await step(owner, 'Crawler').click();
    const crawler = region(owner, 'Crawler');
    expect(await crawler.getByRole('button', { name: `Remove ${handbook.origin}/` }).isDisabled()).toBe(true);
    await crawler.getByRole('textbox', { name: 'Site URL' }).fill(`${blog.origin}/`);
    await crawler.getByRole('textbox', { name: 'Site URL' }).press('Enter');
    await crawler.getByRole('list', { name: 'Sites to crawl' }).getByText(`${blog.origin}/`).waitFor();
    // What Publish changes at once and what waits for the pages' next crawl.
    const crawlerNote = crawler.getByRole('note', { name: 'When crawler changes take effect' });
    expect(await crawlerNote.textContent()).toContain('take effect as each page is crawled again');
    await crawler.getByRole('combobox', { name: 'Page load delay' }).click();
    await owner.getByRole('option', { name: '100ms' }).click();

    // Leaving with the change asks first.
    await owner.getByRole('link', { name: 'Dashboard' }).click();
    const prompt = owner.getByRole('dialog', {
      name: 'There appear to be unsaved changes, leaving now will cause them to be lost. Are you sure?',
    });
    await prompt.waitFor();
    await expectAccessible(owner, 'unsaved changes prompt');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'detached' });

    for (const name of STEPS.slice(2)) {
      await step(owner, name).click();
      await region(owner, name).waitFor();
      await expectAccessible(owner, `${name} step (edit)`);
    }
    expect(
      await region(owner, 'Review').getByRole('region', { name: 'Crawler settings' }).textContent(),
    ).toContain(`${blog.origin}/`);
    expect(
      await region(owner, 'Review')
        .getByRole('note', { name: 'When crawler changes take effect' })
        .textContent(),
    ).toBe(
      'Your changes to Page load delay take effect as each page is crawled again, not when you publish. The crawl report gives each page’s Next Check.',
    );
    await owner.getByRole('button', { name: 'Publish' }).click();
    await owner.getByRole('heading', { name: 'Your Search Engines' }).waitFor();
    await owner.getByRole('article', { name: ENGINE }).getByText(`${blog.origin}/`).waitFor();

    const saved = await ownerApi.call('GET', `searchengines/${engineId}?accountId=${ownerApi.accountId}`);
    expect(saved.body.urls).toEqual([`${handbook.origin}/`, `${blog.origin}/`]);
    await expect
      .poll(() => crawled(ownerApi, engineId), { timeout: 30_000 })
      .toMatchObject({ [`${blog.origin}/release`]: 3 });
  });

  it("Given the engine's Tabs step, when the owner moves tabs with their Move buttons from the keyboard, then focus stays on the moved tab", async () => {
    await owner.goto(`${crawling.portal.base}/engine/keyword/${engineId}/edit?step=Tabs`);
    const tabs = region(owner, 'Tabs');
    await tabs.waitFor();
    for (const name of ['guides', 'news', 'videos']) {
      await tabs.getByRole('textbox', { name: 'Tab name' }).fill(name);
      await tabs.getByRole('combobox', { name: 'Tab icon' }).click();
      await owner.getByRole('option', { name: 'blog', exact: true }).click();
      await tabs.getByRole('combobox', { name: 'Tab category' }).fill(`*/${name}/*`);
      await tabs.getByRole('button', { name: 'Add Tab' }).click();
      await tabs.getByRole('button', { name, exact: true }).waitFor();
    }
    const focused = () => owner.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const order = async () =>
      (await tabs
        .getByRole('button', { name: /^Drag tab / })
        .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label')))) as string[];

    // From the middle: the same button keeps focus, and Enter again moves the tab on.
    await tabs.getByRole('button', { name: 'Move tab videos up' }).focus();
    await owner.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Drag tab guides', 'Drag tab videos', 'Drag tab news']);
    expect(await focused()).toBe('Move tab videos up');
    // At an end of the list the pressed button is disabled: focus moves to the tab's other one.
    await owner.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Drag tab videos', 'Drag tab guides', 'Drag tab news']);
    expect(await focused()).toBe('Move tab videos down');
    await owner.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Drag tab guides', 'Drag tab videos', 'Drag tab news']);
    expect(await focused()).toBe('Move tab videos down');
  });
  it('Given the crawled engine, when the owner picks a crawled page for a relevance rule and edits and tries synonyms, then they work and the steps stay accessible', async () => {
    await owner.goto(`${crawling.portal.base}/engine/keyword/${engineId}/edit?step=Influence`);
    const influence = region(owner, 'Influence');
    await influence.waitFor();
    const pattern = influence.getByRole('combobox', { name: 'URL pattern' });
    await pattern.fill(`${new URL(handbook.origin).host}/ins`);
    await owner.getByRole('option', { name: `${handbook.origin}/install` }).click({ timeout: 15_000 });
    expect(await pattern.inputValue()).toBe(`${handbook.origin}/install`);
    await influence.getByRole('button', { name: 'Add Rule' }).click();
    await influence
      .getByRole('table', { name: 'Relevance rules' })
      .getByRole('button', { name: `Delete rule ${handbook.origin}/install` })
      .waitFor();
    await expectAccessible(owner, 'Influence step with a picked URL');

    await step(owner, 'Synonyms').click();
    const synonyms = region(owner, 'Synonyms');
    await synonyms.getByRole('textbox', { name: 'New synonym rule' }).fill('widget, snippet');
    await synonyms.getByRole('button', { name: 'Add Synonym Rule' }).click();
    await synonyms.getByRole('table', { name: 'Synonym rules' }).getByText('Each finds the others').waitFor();
    await synonyms.getByRole('textbox', { name: 'Query to try' }).fill('Widget install');
    await synonyms.getByText('“widget” also finds “snippet”').waitFor();
    await expectAccessible(owner, 'Synonyms step with a rule tried');
  });
});
