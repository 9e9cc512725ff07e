import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { URL_MAX_CHARS } from './normalise-url.ts';

/** The sitemap protocol's limits of one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_FILE_LIMITS = { maxBytes: 52_428_800, maxUrls: 50_000 };
export type SitemapFileLimits = typeof SITEMAP_FILE_LIMITS;

/** A `<url>` of a urlset or a `<sitemap>` of an index: its location and, when valid, last change. */
export interface SitemapEntry {
  loc: string;
  /** ISO 8601; undefined when absent or not a date. */
  lastmod: string | undefined;
}

export interface Sitemap {
  kind: 'urlset' | 'sitemapindex';
  entries: SitemapEntry[];
  /** Entries without a usable `<loc>` (missing, not http(s), longer than 2,048 characters). */
  skipped: number;
}

/** A sitemap not read, with the reason (the crawl report shows it). */
export class SitemapRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SitemapRefusedError';
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The body's bytes, gunzipped when they start with gzip's magic bytes, whatever the name or type says. */
async function* decompressed(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const iterator = body[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headSize = 0;
  while (headSize < GZIP_MAGIC.length) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    headSize += next.value.byteLength;
  }
  const all = (async function* () {
    try {
      yield* head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  })();
  const start = Buffer.concat(head);
  if (start[0] !== GZIP_MAGIC[0] || start[1] !== GZIP_MAGIC[1]) return yield* all;
  // The pipeline's error also ends the iteration below, which is where it is handled.
  const gunzip = pipeline(Readable.from(all), createGunzip(), () => {});
  try {
    yield* gunzip;
  } catch (error) {
    // zlib's errors carry codes like Z_DATA_ERROR; others (the body breaking off) go on as they are.
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('Z_')) {
      throw new SitemapRefusedError(`corrupt gzip data: ${error.message}`);
    }
    throw error;
  } finally {
    gunzip.destroy();
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const prefixOf = (name: string) => name.slice(0, Math.max(0, name.indexOf(':')));

function isoDate(text: string): string | undefined {
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function httpLoc(text: string): string | undefined {
  const loc = text.trim();
  const url = loc.length <= URL_MAX_CHARS ? URL.parse(loc) : null;
  // Checked again as parsed: percent-encoding makes a loc of other scripts several times longer.
  const usable = url && (url.protocol === 'http:' || url.protocol === 'https:');
  return usable && url.href.length <= URL_MAX_CHARS ? url.href : undefined;
}

/**
 * Reads a sitemap (urlset or sitemap index, plain or gzip) as it streams in, without holding the
 * document. Refuses (SitemapRefusedError, with the reason) malformed XML, another root element, and
 * a file past the limits, stopping the download there: a small gzip that inflates to gigabytes costs
 * the cap, no more. Namespaced extensions (`<image:loc>`) are not mistaken for the page's `<loc>`.
 * saxes expands no entities a DOCTYPE declares, so entity bombs fail as malformed XML.
 */
export async function readSitemap(
  body: AsyncIterable<Uint8Array>,
  limits: SitemapFileLimits = SITEMAP_FILE_LIMITS,
): Promise<Sitemap> {
  const parser = new SaxesParser();
  const sitemap: Sitemap = { kind: 'urlset', entries: [], skipped: 0 };
  const open: string[] = [];
  let entry: { loc?: string; lastmod?: string } | undefined;
  let field: { name: 'loc' | 'lastmod'; text: string } | undefined;

  parser.on('error', (error) => {
    throw new SitemapRefusedError(`malformed XML: ${error.message}`);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const parent = open.at(-1);
    open.push(tag.name);
    const local = localName(tag.name);
    if (open.length === 1) {
      if (local !== 'urlset' && local !== 'sitemapindex') {
        throw new SitemapRefusedError(`not a sitemap: the root element is <${tag.name}>`);
      }
      sitemap.kind = local;
    } else if (open.length === 2 && local === (sitemap.kind === 'urlset' ? 'url' : 'sitemap')) {
      entry = {};
    } else if (open.length === 3 && entry && (local === 'loc' || local === 'lastmod')) {
      // Only the entry's own namespace: <image:loc> inside <url> is an image's address.
      if (prefixOf(tag.name) === prefixOf(parent ?? '')) field = { name: local, text: '' };
    }
  });
  const onText = (text: string) => {
    if (field) field.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    open.pop();
    if (field && open.length === 2) {
      if (entry) entry[field.name] = field.text;
      field = undefined;
    } else if (entry && open.length === 1) {
      const loc = httpLoc(entry.loc ?? '');
      if (loc === undefined) sitemap.skipped += 1;
      else sitemap.entries.push({ loc, lastmod: isoDate(entry.lastmod ?? '') });
      if (sitemap.entries.length > limits.maxUrls) {
        throw new SitemapRefusedError(`more than ${limits.maxUrls} URLs in one sitemap file`);
      }
      entry = undefined;
    }
  });

  const decoder = new TextDecoder();
  let size = 0;
  for await (const chunk of decompressed(body)) {
    size += chunk.byteLength;
    if (size > limits.maxBytes) {
      throw new SitemapRefusedError(`larger than ${limits.maxBytes} bytes uncompressed`);
    }
    parser.write(decoder.decode(chunk, { stream: true }));
  }
  parser.write(decoder.decode());
  parser.close();
  return sitemap;
}
