import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './request-log.ts';

describe('the server log', () => {
  it("given a visitor's search or widget file, then it logs the path only: no address, port or query", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
    app.get('/search/:clientId/keyword', async () => ({}));
    app.get('/widget/:file', async () => '');
    app.get('/api/accounts', async () => []);
    await app.ready();
    await app.inject({ url: '/search/c1/keyword?q=my+secret+illness', remoteAddress: '203.0.113.7' });
    await app.inject({ url: '/widget/siteseer-widget.js?v=2', remoteAddress: '203.0.113.7' });
    await app.inject({ url: '/api/accounts?x=1', remoteAddress: '198.51.100.9' });
    await app.close();
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(requests.map((entry) => entry.req)).toEqual([
      { method: 'GET', url: '/search/c1/keyword' },
      { method: 'GET', url: '/widget/siteseer-widget.js' },
      expect.objectContaining({ method: 'GET', url: '/api/accounts?x=1', remoteAddress: '198.51.100.9' }),
    ]);
    const all = lines.join('\n');
    expect(all).not.toContain('203.0.113.7');
    expect(all).not.toContain('secret');
  });
});
