import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollectionSite, docIdOf, serveCollection } from './collection-site.ts';

describe('a test collection served as a site', () => {
  let site: CollectionSite;
  const get = async (path: string) => {
    const response = await fetch(new URL(path, site.start));
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    site = await serveCollection('Test collection', [
      { id: '7', title: 'Heat <transfer>', text: 'Flow & "heat" near a body.' },
      { id: 'a/b', title: 'Slashed', text: 'An id with a slash.' },
    ]);
  });
  afterAll(() => site.close());

  it('given the front page, then it links the list pages and is not itself indexed', async () => {
    const front = await get('/');
    expect(front.html).toContain('<meta name="robots" content="noindex">');
    expect(front.html).toContain('href="/list/1.html"');
    const list = await get('/list/1.html');
    expect(list.html).toContain('<meta name="robots" content="noindex">');
    expect(list.html).toContain('href="/doc/7.html"');
    expect(list.html).toContain('href="/doc/a%2Fb.html"');
  });

  it('given a document, then its page has its title and text, escaped, and its URL gives its id back', async () => {
    const page = await get('/doc/7.html');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('noindex');
    expect(page.html).toContain('<title>Heat &lt;transfer&gt;</title>');
    expect(page.html).toContain('<p>Flow &amp; &quot;heat&quot; near a body.</p>');
    expect(docIdOf(new URL('/doc/a%2Fb.html', site.start).href)).toBe('a/b');
    expect(docIdOf(new URL('/list/1.html', site.start).href)).toBeUndefined();
  });

  it('given a path that is no page, then it answers 404', async () => {
    expect((await get('/doc/8.html')).status).toBe(404);
    expect((await get('/list/2.html')).status).toBe(404);
  });
});
