import { afterAll, describe, expect, it } from 'vitest';
import { ARTICLE_HTML } from './article-page.test-kit.ts';
import { ExtractPool, extractPage } from './index.ts';

const URL_OF_ARTICLE = 'https://www.spokes.example/journal/2024/puncture';

describe('ExtractPool', () => {
  const pool = new ExtractPool();
  afterAll(() => pool.close());

  it('given a page, then a pool thread extracts what extractPage does on the calling thread', async () => {
    const options = {
      url: URL_OF_ARTICLE,
      headers: { 'content-language': 'en-GB', link: ['</a>; rel=next'] },
    };
    expect(await pool.extract(ARTICLE_HTML, options)).toEqual(extractPage(ARTICLE_HTML, options));
  });

  it('given several pages at once, then each answer is its own page', async () => {
    const pages = Array.from({ length: 12 }, (_, i) => `<title>Page ${i}</title><p>word${i}</p>`);
    const answers = await Promise.all(pages.map((html) => pool.extract(html, { url: 'https://a.example/' })));
    expect(answers.map((page) => page.title)).toEqual(pages.map((_, i) => `Page ${i}`));
  });

  it('given a selector that is not valid CSS, then the error names the setting, as on the calling thread', async () => {
    const options = { url: 'https://a.example/', contentTarget: 'div[' };
    const expected = (() => {
      try {
        extractPage('<p>x</p>', options);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(expected).toMatch(/content target/);
    await expect(pool.extract('<p>x</p>', options)).rejects.toThrow(expected);
  });
});
