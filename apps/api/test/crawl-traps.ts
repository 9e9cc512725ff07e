import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'vitest';
import { startFixtureServer } from '../src/crawler/fetch/fixture-server.test-kit.ts';
import type { FixtureSite } from '../src/crawler/rules/fixture-site.test-kit.ts';
import { createEngine, keywordDraft, type Tenants } from './actors.ts';
import { api } from './harness.ts';

// Sites that never end, for the crawl limits' tests (ADR 0036), and the calls those tests make.

const page = (title: string, links: readonly string[]) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `<p>Words of ${title}.</p>${links.map((href, n) => `<a href="${href}">link ${n}</a>`).join(' ')}</main></body></html>`;

const random = () => Math.random().toString(36).slice(2, 10);

/**
 * A careless site: its home links a few real pages and a search page `/q?…` that answers with 50
 * links to itself, each with one more random parameter; `/g/…` does the same with new paths.
 */
export async function trapSite(): Promise<FixtureSite> {
  const requests: string[] = [];
  const server = await startFixtureServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    const html = (title: string, links: readonly string[]) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(title, links));
    if (path === '/') return html('Home', ['/q?s=1', '/deep', '/links', '/meta1']);
    if (path === '/deep') return html('Deep', ['/deep/2']);
    if (path === '/deep/2') return html('Deeper', ['/deep/3']);
    if (path === '/deep/3' || path === '/links' || path === '/meta1') return html(path, []);
    if (path.startsWith('/q?'))
      return html(
        'Results',
        Array.from({ length: 50 }, (_, n) => `${path}&r${n}=${random()}`),
      );
    if (path.startsWith('/g/'))
      return html(
        'Generated',
        Array.from({ length: 50 }, () => `/g/${random()}`),
      );
    res.writeHead(404).end();
  });
  return { origin: server.origin, requests, close: server.close };
}

export type Report = {
  state: string;
  counts: Record<string, number>;
  hits: { total: { value: number }; hits: { url: string; status: number; reason?: string }[] };
  limits: { kind: string; limit: number; count: number; path?: string; message: string }[];
  publication?: { publishedRunId: number | null };
};

export async function report(
  t: Tenants,
  engineId: string,
  extra: Record<string, unknown> = {},
): Promise<Report> {
  const answer = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler/report', {
    accountId: t.accountA,
    engineId,
    resultSize: 20,
    ...extra,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

export async function untilReport(t: Tenants, engineId: string, done: (r: Report) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const body = await report(t, engineId);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`Still waiting: ${JSON.stringify([body.state, body.counts])}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function crawl(t: Tenants, name: string, urls: readonly string[]): Promise<string> {
  const engineId = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, name))).documentId;
  const created = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: t.accountA,
    engineId,
    urls,
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    recreate: true,
  });
  expect(created.status).toBe(200);
  return engineId;
}

export const allowLoopback = { SITESEER_CRAWL_WORKER: 'on', SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' };
