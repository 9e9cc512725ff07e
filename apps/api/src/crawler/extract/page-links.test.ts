import { describe, expect, it } from 'vitest';
import { EXTRACT_LIMITS, extractPage } from './index.ts';

const url = 'https://shop.example/a/b.html?x=1';

describe('page links', () => {
  it('given relative, protocol-relative, query-only and whitespace-wrapped hrefs, then absolute URLs', () => {
    const page = extractPage(
      `<a href="c.html">1</a><a href="/d">2</a><a href="//cdn.example/e">3</a><a href="?y=2">4</a>
       <a href="  ../f\n">5</a><area href="g" alt="map"><a href="">self</a>`,
      { url },
    );
    expect(page.links.map((link) => link.url)).toEqual([
      'https://shop.example/a/c.html',
      'https://shop.example/d',
      'https://cdn.example/e',
      'https://shop.example/a/b.html?y=2',
      'https://shop.example/f',
      'https://shop.example/a/g',
      'https://shop.example/a/b.html?x=1',
    ]);
  });

  it('given mailto, javascript, tel, ftp, credentials and unparsable hrefs, then they are left out', () => {
    const page = extractPage(
      `<a href="mailto:a@b.c">m</a><a href="javascript:go()">j</a><a href="tel:1">t</a><a href="ftp://f.example/">f</a>
       <a href="https://user:pw@shop.example/">u</a><a href="http://[::1">bad</a><a>no href</a>`,
      { url },
    );
    expect(page.links).toEqual([]);
  });

  it('given a URL linked with and without rel=nofollow, then it is followed; rel tokens in any case', () => {
    const page = extractPage(
      `<a href="/p" rel="NoFollow">1</a><a href="/p">2</a><a href="/q" rel="noopener nofollow">3</a><a href="/q" rel="ugc nofollow">4</a>`,
      { url },
    );
    expect(page.links).toEqual([
      { url: 'https://shop.example/p', nofollow: false },
      { url: 'https://shop.example/q', nofollow: true },
    ]);
  });

  it('given a meta refresh in its usual spellings, then its target is a followed link', () => {
    const refresh = (content: string) =>
      extractPage(`<meta http-equiv="Refresh" content="${content}"><a href="/x">x</a>`, { url }).links;
    expect(refresh('0; url=/moved')).toEqual([
      { url: 'https://shop.example/moved', nofollow: false },
      { url: 'https://shop.example/x', nofollow: false },
    ]);
    expect(refresh("5;URL='next.html'")[0]?.url).toBe('https://shop.example/a/next.html');
    expect(refresh('0; /other')[0]?.url).toBe('https://shop.example/other');
    expect(refresh('30')).toEqual([{ url: 'https://shop.example/x', nofollow: false }]);
  });

  it('given a <base href> that is not http(s), then links resolve against the page', () => {
    const page = extractPage('<base href="javascript:x"><a href="c">c</a>', { url });
    expect(page.links.map((link) => link.url)).toEqual(['https://shop.example/a/c']);
  });

  it('given more distinct links than the cap, then the first ones are kept and the page says so', () => {
    const anchors = Array.from({ length: EXTRACT_LIMITS.links + 5 }, (_, i) => `<a href="/p${i}">${i}</a>`);
    const page = extractPage(anchors.join(''), { url });
    expect(page.links).toHaveLength(EXTRACT_LIMITS.links);
    expect(page.links.at(-1)?.url).toBe(`https://shop.example/p${EXTRACT_LIMITS.links - 1}`);
    expect(page.linksTruncated).toBe(true);
  });
});

describe('canonical', () => {
  it('given rel="canonical" among other tokens, then it resolves against the base', () => {
    const page = extractPage('<link rel="Canonical alternate" href="../c?z=1#top">', { url });
    expect(page.canonical).toBe('https://shop.example/c?z=1#top');
  });

  it('given two canonicals that agree, then that one; that disagree, then none', () => {
    const same = '<link rel="canonical" href="/c"><link rel="canonical" href="https://shop.example/c">';
    expect(extractPage(same, { url }).canonical).toBe('https://shop.example/c');
    const differ = '<link rel="canonical" href="/c"><link rel="canonical" href="/d">';
    expect(extractPage(differ, { url }).canonical).toBeNull();
  });

  it('given a Link header with rel="canonical" among other links, then it is the canonical', () => {
    const headers = {
      link: ['</style.css>; rel=preload; as=style, <https://shop.example/c>; rel="canonical"'],
    };
    expect(extractPage('<p>x</p>', { url, headers }).canonical).toBe('https://shop.example/c');
    const disagreeing = extractPage('<link rel="canonical" href="/d">', { url, headers });
    expect(disagreeing.canonical).toBeNull();
  });

  it('given no canonical, or one that is not http(s), then none', () => {
    expect(extractPage('<p>x</p>', { url }).canonical).toBeNull();
    expect(extractPage('<link rel="canonical" href="mailto:a@b.c">', { url }).canonical).toBeNull();
  });
});
