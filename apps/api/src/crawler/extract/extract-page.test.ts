import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors.ts';
import { ARTICLE_HTML } from './article-page.test-kit.ts';
import { contentHash, EXTRACT_LIMITS, extractPage, selectorProblem } from './index.ts';
import { MAX_NESTING } from './nesting-guard.ts';

const ARTICLE = ARTICLE_HTML;
const ARTICLE_URL = 'https://www.spokes.example/journal/2024/puncture';

describe('extractPage on a blog article', () => {
  const page = extractPage(ARTICLE, { url: ARTICLE_URL });

  it('given no content target, then the text is the body minus scripts, templates, navigation and site chrome', () => {
    expect(page.text).toBe(
      'Skip to content Repairing a bicycle puncture By Ana — 3 May 2024 Share ' +
        'First, take the wheel off. You will need two tyre levers. Finding the hole ' +
        'Pump the tube up and listen for the hiss. Café owners <love> this trick. ' +
        'Patching Rough the area with sandpaper, then apply the glue. Filed under repairs.',
    );
  });

  it('given headings in the site header, an aside and the article, then only the content headings, in order', () => {
    expect(page.headings).toEqual(['Repairing a bicycle puncture', 'Finding the hole', 'Patching']);
  });

  it('given a <title> with entities and an svg <title> in the body, then the page title is the head one', () => {
    expect(page.title).toBe('Repairing a bicycle puncture | Spokes & Co. Journal');
    expect(page.description).toBe('How to find and patch a puncture in ten minutes.');
    expect(page.language).toBe('en-GB');
  });

  it('given <base href>, then links resolve against it, web URLs only, each once', () => {
    expect(page.links).toEqual([
      { url: 'https://www.spokes.example/journal/#main', nofollow: false },
      { url: 'https://www.spokes.example/', nofollow: false },
      { url: 'https://www.spokes.example/shop/', nofollow: false },
      { url: 'https://www.spokes.example/journal/', nofollow: false },
      { url: 'https://www.spokes.example/about', nofollow: true },
      { url: 'https://social.example/share?u=1', nofollow: true },
      { url: 'https://www.spokes.example/journal/tyres', nofollow: false },
    ]);
    expect(page.canonical).toBe('https://www.spokes.example/journal/puncture-repair');
    expect(page.robots).toEqual({ noindex: false, nofollow: false });
  });

  it('given a content target and exclude targets, then only the target minus the excludes, chrome inside it kept', () => {
    const targeted = extractPage(ARTICLE, {
      url: ARTICLE_URL,
      contentTarget: 'article',
      excludeContentTargets: ['.share-bar', '.byline'],
    });
    expect(targeted.text).toBe(
      'Repairing a bicycle puncture First, take the wheel off. You will need two tyre levers. ' +
        'Finding the hole Pump the tube up and listen for the hiss. Café owners <love> this trick. ' +
        'Patching Rough the area with sandpaper, then apply the glue. Related Choosing tyres Filed under repairs.',
    );
    expect(targeted.headings).toEqual([
      'Repairing a bicycle puncture',
      'Finding the hole',
      'Patching',
      'Related',
    ]);
    expect(targeted.contentHash).not.toBe(page.contentHash);
  });

  it('given a custom tags selector and attribute, then the distinct values in document order', () => {
    const tagged = extractPage(ARTICLE, {
      url: ARTICLE_URL,
      customTagsSelector: 'meta[name=tag]',
      customTagsAttributeName: 'Content',
    });
    expect(tagged.customTags).toEqual(['Guides', 'Repairs']);
    expect(extractPage(ARTICLE, { url: ARTICLE_URL, customTagsSelector: 'h2' }).customTags).toEqual([
      'Spokes & Co.',
      'Finding the hole',
      'Patching',
      'Newsletter',
    ]);
  });
});

describe('extractPage link share', () => {
  it('given a table of contents, then nearly all its text is link text; an article, little', () => {
    const toc = `<body><h1>Contents</h1><ul>${Array.from(
      { length: 20 },
      (_, n) => `<li><a href="/s${n}">Section ${n}: something</a></li>`,
    ).join('')}</ul></body>`;
    expect(extractPage(toc, { url: 'https://a.example/' }).linkShare).toBeGreaterThan(0.95);
    const article = extractPage(ARTICLE, { url: ARTICLE_URL });
    expect(article.linkShare).toBeGreaterThan(0);
    expect(article.linkShare).toBeLessThan(0.3);
  });

  it('given links in the chrome, an exclude target or an anchor without href, then they are not counted', () => {
    const html =
      '<body><nav><a href="/">Home page of the site</a></nav><p>Plain words here, <a name="x">an anchor</a>.</p>' +
      '<div class="more"><a href="/m">Related reading</a></div></body>';
    const page = extractPage(html, {
      url: 'https://a.example/',
      excludeContentTargets: ['.more'],
    });
    expect(page.text).toBe('Plain words here, an anchor.');
    expect(page.linkShare).toBe(0);
    const linked = extractPage('<p>Read <a href="/a">this</a> now</p>', { url: 'https://a.example/' });
    expect(linked.linkShare).toBeCloseTo(4 / 11);
  });
});

describe('extractPage content target', () => {
  const html = `<body><nav>Menu</nav><div class="c">One <div class="c">Two</div></div><p>Out</p><div class="c">Three</div></body>`;

  it('given nested matches of the target, then each text is read once, in document order', () => {
    expect(extractPage(html, { url: 'https://a.example/', contentTarget: '.c' }).text).toBe('One Two Three');
  });

  it('given a target that matches nothing, then the body without chrome is used', () => {
    expect(extractPage(html, { url: 'https://a.example/', contentTarget: '#missing' }).text).toBe(
      'One Two Out Three',
    );
  });

  it('given hidden accordion answers, then their text is kept (only exclude targets remove it)', () => {
    const faq =
      '<main><h2>Shipping?</h2><div hidden>Three days.</div><p style="display:none">Free.</p></main>';
    expect(extractPage(faq, { url: 'https://a.example/' }).text).toBe('Shipping? Three days. Free.');
  });

  it("given a selector, then selectorProblem answers nothing for valid CSS and the parser's reason otherwise", () => {
    expect(selectorProblem('main article > .content:not(.ad)')).toBeUndefined();
    expect(selectorProblem('div[')).toMatch(/\S/);
  });

  it('given an invalid selector, then an InputError names the setting and the selector', () => {
    expect(() => extractPage(html, { url: 'https://a.example/', contentTarget: 'div[' })).toThrow(InputError);
    expect(() =>
      extractPage(html, { url: 'https://a.example/', excludeContentTargets: ['p:bogus'] }),
    ).toThrow(/The exclude target "p:bogus" is not a valid CSS selector/);
  });
});

describe('extractPage on broken and hostile HTML', () => {
  it('given unclosed tags, stray end tags and no head or body, then the text still reads in order', () => {
    const page = extractPage('<title>Broken<p>One<p>Two</span></div><li>Three<h2>Four', {
      url: 'https://a.example/',
    });
    expect(page.title).toBe('Broken<p>One<p>Two</span></div><li>Three<h2>Four');
    const body = extractPage('<p>One<p>Two</span></div><li>Three<h2>Four', { url: 'https://a.example/' });
    expect(body.text).toBe('One Two Three Four');
    expect(body.headings).toEqual(['Four']);
    expect(body.title).toBe('Four');
  });

  it('given named, decimal, hex and legacy unterminated entities in text and attributes, then they are decoded', () => {
    const page = extractPage(
      '<meta name="description" content="Fish &amp; chips &#8211; &#x20AC;5"><p>&copy 2024 &eacute;t&eacute; &#65;&#x42;C &bogus;</p>',
      { url: 'https://a.example/' },
    );
    expect(page.description).toBe('Fish & chips – €5');
    expect(page.text).toBe('© 2024 été ABC &bogus;');
  });

  it('given bidi controls in the title, as characters or references, then the title is stored without them', () => {
    // Under the override the title would read "Invoice exe.pdf" wherever it is shown.
    const page = extractPage('<title>Invoice &#x202E;fdp.exe\u202c &#8295;x&#8297;</title><p>Body</p>', {
      url: 'https://site.example/',
    });
    expect(page.title).toBe('Invoice fdp.exe x');
    const fallback = extractPage('<h1>\u2067Heading\u2069</h1>', { url: 'https://site.example/' });
    expect(fallback.title).toBe('Heading');
  });

  it('given a script whose code holds "</" and a closing tag in a string, then none of it is text', () => {
    const page = extractPage(
      '<body><p>Before</p><script>if (a </b) { x = "<p>no</p>"; }</script><p>After</p></body>',
      { url: 'https://a.example/' },
    );
    expect(page.text).toBe('Before After');
  });

  it('given 100,000 nested unclosed divs (quadratic to parse), then only the first 512 levels are read', () => {
    const page = extractPage(`<body>${'<div>x'.repeat(100_000)}</body>`, { url: 'https://a.example/' });
    expect(page.text).toBe(
      Array(MAX_NESTING - 1)
        .fill('x')
        .join(' '),
    );
    expect(page.textTruncated).toBe(true);
  });

  it('given 500 nested divs, then every level is read and nothing is flagged', () => {
    const page = extractPage(`<body>${'<div>x'.repeat(500)}</body>`, { url: 'https://a.example/' });
    expect(page.text).toBe(Array(500).fill('x').join(' '));
    expect(page.textTruncated).toBe(false);
  });

  it('given more text than the cap, then the text is cut at a word boundary and flagged', () => {
    const word = 'lorem ';
    const page = extractPage(`<p>${word.repeat(EXTRACT_LIMITS.textChars / 3)}</p>`, {
      url: 'https://a.example/',
    });
    expect(page.textTruncated).toBe(true);
    expect(page.text.length).toBeLessThanOrEqual(EXTRACT_LIMITS.textChars);
    expect(page.text.length).toBeGreaterThan(EXTRACT_LIMITS.textChars - 100);
    expect(page.text.endsWith('lorem')).toBe(true);
  });

  it('given a text cap inside a surrogate pair, then the pair is not split', () => {
    const emoji = `a${'😀'.repeat(EXTRACT_LIMITS.textChars)}`;
    const page = extractPage(`<p>${emoji}</p>`, { url: 'https://a.example/' });
    expect(page.text.length).toBe(EXTRACT_LIMITS.textChars - 1);
    expect(page.text.at(-1)).toBe('\uDE00');
  });
});

describe('extractPage language and hash', () => {
  it('given no html lang, then the meta content-language, else the header; invalid tags skipped', () => {
    const url = 'https://a.example/';
    const headers = { 'content-language': 'de-DE, en' };
    expect(extractPage('<html lang="english!"><p>x', { url, headers }).language).toBe('de-DE');
    expect(
      extractPage('<meta http-equiv="Content-Language" content="fr-ca"><p>x', { url, headers }).language,
    ).toBe('fr-CA');
    expect(extractPage('<p>x', { url }).language).toBeNull();
  });

  it('given the same content with other markup, scripts and links, then the same hash', () => {
    const url = 'https://a.example/';
    const a = extractPage('<title>T</title><h1>H</h1><p>Body text</p>', { url });
    const b = extractPage(
      '<title> T </title><script>x()</script><h1>H</h1>\n<div><a href="/other">Body</a>  text</div>',
      { url },
    );
    expect(b.contentHash).toBe(a.contentHash);
    expect(a.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      contentHash({ title: 'T', description: '', headings: ['H'], text: 'H Body text', customTags: [] }),
    ).toBe(a.contentHash);
    expect(extractPage('<title>T</title><h1>H</h1><p>Body texts</p>', { url }).contentHash).not.toBe(
      a.contentHash,
    );
  });

  it('given text that moves between fields, then the hash changes', () => {
    const fields = { title: 'a', description: 'b', headings: [], text: '', customTags: [] };
    expect(contentHash(fields)).not.toBe(contentHash({ ...fields, title: 'ab', description: '' }));
  });
});
