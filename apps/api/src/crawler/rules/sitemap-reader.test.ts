import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSitemap, SITEMAP_FILE_LIMITS, SitemapRefusedError } from './sitemap-reader.ts';

/** The bytes as a stream of chunks of the given size (1 splits every tag and the gzip header). */
async function* chunked(bytes: Uint8Array | string, size = 64): AsyncGenerator<Uint8Array> {
  const all = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  for (let at = 0; at < all.byteLength; at += size) yield all.subarray(at, at + size);
}

const urlset = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">${body}</urlset>`;

const PLAIN = urlset(`
  <url><loc>https://example.com/</loc><lastmod>2025-03-01</lastmod><changefreq>daily</changefreq></url>
  <url><loc> https://example.com/a?x=1&amp;y=2 </loc><lastmod>2025-03-02T10:00:00+02:00</lastmod></url>
  <url><loc><![CDATA[https://example.com/b]]></loc><lastmod>yesterday</lastmod></url>`);

describe('readSitemap', () => {
  it('reads the loc and lastmod of each url of a urlset, split into any chunks', async () => {
    for (const size of [1, 7, 1 << 16]) {
      expect(await readSitemap(chunked(PLAIN, size))).toEqual({
        kind: 'urlset',
        skipped: 0,
        entries: [
          { loc: 'https://example.com/', lastmod: '2025-03-01T00:00:00.000Z' },
          { loc: 'https://example.com/a?x=1&y=2', lastmod: '2025-03-02T08:00:00.000Z' },
          { loc: 'https://example.com/b', lastmod: undefined },
        ],
      });
    }
  });

  it('reads the sitemaps of a sitemap index', async () => {
    const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://example.com/pages.xml.gz</loc><lastmod>2025-01-01</lastmod></sitemap>
      <sitemap><loc>https://example.com/posts.xml</loc></sitemap></sitemapindex>`;
    expect(await readSitemap(chunked(index))).toEqual({
      kind: 'sitemapindex',
      skipped: 0,
      entries: [
        { loc: 'https://example.com/pages.xml.gz', lastmod: '2025-01-01T00:00:00.000Z' },
        { loc: 'https://example.com/posts.xml', lastmod: undefined },
      ],
    });
  });

  it('gunzips by the magic bytes alone, even when they arrive one at a time', async () => {
    const sitemap = await readSitemap(chunked(gzipSync(PLAIN), 1));
    expect(sitemap.entries.map((entry) => entry.loc)).toEqual([
      'https://example.com/',
      'https://example.com/a?x=1&y=2',
      'https://example.com/b',
    ]);
  });

  it('takes no image or video loc for a page, and skips unusable locs', async () => {
    const sitemap = await readSitemap(
      chunked(
        urlset(`<url><image:image><image:loc>https://example.com/i.png</image:loc></image:image>
          <loc>https://example.com/page</loc></url>
          <url><loc>mailto:a@example.com</loc></url><url><lastmod>2025-01-01</lastmod></url>
          <url><loc>https://example.com/${'x'.repeat(2100)}</loc></url>
          <url><loc>https://example.com/${'é'.repeat(700)}</loc></url>`),
      ),
    );
    // The last one is 720 characters as written, 4,220 as a URL: too long to queue.
    expect(sitemap.entries).toEqual([{ loc: 'https://example.com/page', lastmod: undefined }]);
    expect(sitemap.skipped).toBe(4);
  });

  it('refuses a gzip bomb once more than 50 MB are inflated', async () => {
    // 60 MB of spaces inside the urlset is well-formed XML: only the size cap stops it.
    const bomb = gzipSync(Buffer.from(urlset(' '.repeat(60 * 1024 * 1024))));
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    await expect(readSitemap(chunked(bomb, 1024))).rejects.toThrow(
      new SitemapRefusedError(`larger than ${SITEMAP_FILE_LIMITS.maxBytes} bytes uncompressed`),
    );
  });

  it('stops downloading an endless plain body at the size cap', async () => {
    let pulled = 0;
    async function* endless() {
      yield Buffer.from('<urlset>');
      for (;;) {
        pulled += 1;
        yield Buffer.alloc(1024, 0x20);
      }
    }
    await expect(readSitemap(endless(), { maxBytes: 100 * 1024, maxUrls: 10 })).rejects.toThrow(
      'larger than 102400 bytes uncompressed',
    );
    expect(pulled).toBeLessThanOrEqual(101);
  });

  it('refuses a file with more URLs than the limit', async () => {
    const body = urlset('<url><loc>https://example.com/x</loc></url>'.repeat(4));
    await expect(readSitemap(chunked(body), { ...SITEMAP_FILE_LIMITS, maxUrls: 3 })).rejects.toThrow(
      'more than 3 URLs in one sitemap file',
    );
  });

  it('refuses malformed XML with the parser reason', async () => {
    const cases = [
      urlset('<url><loc>https://example.com/</url>'),
      '<urlset><url><loc>https://example.com/</loc></url>',
      '',
      '<urlset>&nope;</urlset>',
    ];
    for (const text of cases) {
      await expect(readSitemap(chunked(text)), text).rejects.toThrow(/^malformed XML: /);
    }
  });

  it('refuses entity expansion (a billion laughs) as malformed', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">]>
      <urlset><url><loc>https://example.com/&b;</loc></url></urlset>`;
    await expect(readSitemap(chunked(laughs))).rejects.toThrow(/^malformed XML: .*undefined entity/i);
  });

  it('refuses a document that is not a sitemap, naming its root', async () => {
    await expect(readSitemap(chunked('<html><body>Not found</body></html>'))).rejects.toThrow(
      'not a sitemap: the root element is <html>',
    );
  });

  it('refuses corrupt gzip data', async () => {
    const broken = gzipSync(PLAIN).subarray(0, 40);
    await expect(readSitemap(chunked(broken))).rejects.toThrow(/^corrupt gzip data: /);
  });
});
