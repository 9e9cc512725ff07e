import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AlertDelivery, verifyAlertSignature } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Route } from '../src/crawler/rules/fixture-site.test-kit.ts';
import {
  type Actor,
  createEngine,
  detailOf,
  keywordDraft,
  startWithTenants,
  type Tenants,
} from './actors.ts';
import { api } from './harness.ts';
import {
  CRAWLING,
  type CrawledEngine,
  crawledEngine,
  crawlerState,
  htmlPage,
  until,
} from './keyword-fixture.ts';
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';

// Engine alerts (issue 38) against a real webhook receiver and a real SMTP server on 127.0.0.1:
// signed test alerts, retries after 500s, crawls that fail or are held, the 4xx/5xx and zero-result
// thresholds, private webhook addresses refused, and nothing for an engine without alerts.

/** A webhook receiver: every request it got, and the statuses it answers next (then 204). */
interface Receiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  answers: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/siteseer`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: Tenants;
let receiver: Receiver;
let inbox: SmtpInbox;

beforeAll(async () => {
  [receiver, inbox] = await Promise.all([startReceiver(), startSmtpInbox()]);
  t = await startWithTenants({
    ...CRAWLING,
    env: {
      ...CRAWLING.env,
      SITESEER_SMTP_URL: inbox.url,
      SITESEER_SMTP_FROM: 'Siteseer <alerts@siteseer.test>',
      SITESEER_ALERT_RETRY_SECONDS: '0.2,0.2,0.2,0.2',
      // Webhook secrets are sealed: a PostgreSQL server needs the key set (the embedded one makes its own).
      SITESEER_SECRETS_KEY: randomBytes(32).toString('base64'),
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.server.close();
  await receiver?.close();
  await inbox?.close();
});

const alertsPath = (engineId: string) => `searchengines/${engineId}/alerts`;

async function setAlerts(
  engineId: string,
  settings: Record<string, unknown>,
  who: Actor = t.ownerA,
  accountId = t.accountA,
) {
  return api(t.server, who.token, 'PUT', alertsPath(engineId), {
    accountId,
    webhookUrl: receiver.url,
    emails: [],
    errorSharePercent: 10,
    zeroResultPercent: 30,
    zeroResultMinSearches: 100,
    ...settings,
  });
}

async function deliveriesOf(engineId: string): Promise<AlertDelivery[]> {
  const answer = await api(
    t.server,
    t.ownerA.token,
    'GET',
    `${alertsPath(engineId)}/deliveries?accountId=${t.accountA}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
}

/** Waits until the engine's deliveries are all settled (none pending) and at least `count`. */
async function settledDeliveries(engineId: string, count: number): Promise<AlertDelivery[]> {
  return until(`${count} settled deliveries`, async () => {
    const deliveries = await deliveriesOf(engineId);
    return deliveries.length >= count && deliveries.every((d) => d.state !== 'pending')
      ? deliveries
      : undefined;
  });
}

/** The webhook bodies the receiver got for an engine, parsed, oldest first. */
function bodiesFor(
  engineId: string,
): { event: string; engineId: string; details: Record<string, unknown> }[] {
  return receiver.received.map((r) => JSON.parse(r.body)).filter((body) => body.engineId === engineId);
}

/** Starts a new crawl of the engine's site and waits until it ends (finished or failed). */
async function recrawl(engine: CrawledEngine): Promise<string> {
  const before = await crawlerState(t.server, t.accountA, engine.engineId);
  const started = await api(t.server, t.ownerA.token, 'POST', 'datasource/crawler', {
    accountId: t.accountA,
    engineId: engine.engineId,
    urls: [`${engine.site.origin}/`],
    pageLoadDelay: '0ms',
    crawlFrequency: '24h',
    recreate: true,
  });
  expect(started.status).toBe(200);
  return until('the crawl to end', async () => {
    const state = await crawlerState(t.server, t.accountA, engine.engineId);
    return state && state.run_id !== before?.run_id && state.state !== 'crawling' ? state.state : undefined;
  });
}

const TEN_PAGES: Record<string, Route> = Object.fromEntries(
  Array.from({ length: 10 }, (_, n) => [
    `/guide-${n + 1}`,
    htmlPage(`Guide ${n + 1}`, `<p>Step ${n + 1}.</p>`),
  ]),
);

describe('engine alerts', () => {
  let engine: CrawledEngine;
  let secret: string;

  beforeAll(async () => {
    engine = await crawledEngine(t, 'Alerted guides', { ...TEN_PAGES });
  }, 60_000);

  it('given a webhook and an address saved, then the secret is shown once and the settings read back without it', async () => {
    const saved = await setAlerts(engine.engineId, { emails: [' Ops@Example.test '] });
    expect([saved.status, saved.body]).toEqual([200, expect.anything()]);
    expect(saved.body).toMatchObject({
      webhookUrl: receiver.url,
      emails: ['ops@example.test'],
      webhookSecretSet: true,
      emailAvailable: true,
      webhookSecret: expect.stringMatching(/^whsec_[\w-]{43}$/),
    });
    secret = saved.body.webhookSecret;
    // Sealed at rest (it must sign, so it cannot be hashed): the column never holds the secret.
    const stored = await t.server.store.query<{ webhook_secret: string }>(
      'SELECT webhook_secret FROM engine_alerts WHERE engine_id = $1',
      [engine.engineId],
    );
    expect(stored.rows[0]?.webhook_secret).toMatch(/^v1\./);
    expect(stored.rows[0]?.webhook_secret).not.toContain(secret.slice('whsec_'.length));
    const read = await api(
      t.server,
      t.userA.token,
      'GET',
      `${alertsPath(engine.engineId)}?accountId=${t.accountA}`,
    );
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('webhookSecret');
    expect(read.body.webhookSecretSet).toBe(true);
    const again = await setAlerts(engine.engineId, { emails: ['ops@example.test'] });
    expect(again.body).not.toHaveProperty('webhookSecret');
  });

  it('given a member without the edit right, then changing alerts or sending a test is refused (403)', async () => {
    expect((await setAlerts(engine.engineId, {}, t.userA)).status).toBe(403);
    const test = await api(t.server, t.userA.token, 'POST', `${alertsPath(engine.engineId)}/test`, {
      accountId: t.accountA,
    });
    expect(test.status).toBe(403);
  });

  it('given a test alert, then the receiver verifies its signature with the shown secret and the e-mail arrives', async () => {
    const sent = await api(t.server, t.adminA.token, 'POST', `${alertsPath(engine.engineId)}/test`, {
      accountId: t.accountA,
    });
    expect([sent.status, sent.body]).toEqual([200, { queued: 2 }]);
    const mail = await inbox.next('ops@example.test');
    expect(mail.subject).toBe('[Siteseer] Test alert: Alerted guides');
    expect(mail.text).toContain('A test alert sent by admin@tenant-a.test');
    expect(mail.text).toContain(`/keywordcrawlreport/${t.accountA}/${engine.engineId}`);
    await settledDeliveries(engine.engineId, 2);
    const [request] = receiver.received.filter((r) => JSON.parse(r.body).engineId === engine.engineId);
    if (!request) throw new Error('The receiver got no test alert');
    const header = request.headers['siteseer-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyAlertSignature({ header, body: request.body, secret })).toBe(true);
    expect(await verifyAlertSignature({ header, body: request.body, secret: 'whsec_guess' })).toBe(false);
    expect(JSON.parse(request.body)).toEqual({
      event: 'alert.test',
      engineId: engine.engineId,
      engineName: 'Alerted guides',
      occurredAt: expect.any(String),
      details: { message: "A test alert sent by admin@tenant-a.test: this engine's alerts arrive here." },
    });
    expect(request.headers['siteseer-event']).toBe('alert.test');
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('given a receiver answering 500 twice, then the alert is retried and delivered at the third attempt', async () => {
    const before = receiver.received.length;
    receiver.answers.push(500, 500);
    await api(t.server, t.ownerA.token, 'POST', `${alertsPath(engine.engineId)}/test`, {
      accountId: t.accountA,
    });
    const deliveries = await settledDeliveries(engine.engineId, 4);
    const webhook = deliveries.find((d) => d.channel === 'webhook');
    expect(webhook).toMatchObject({
      event: 'alert.test',
      state: 'delivered',
      attempts: 3,
      statusCode: 204,
      error: null,
    });
    const attempts = receiver.received.slice(before);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['siteseer-delivery']))).toEqual(new Set([webhook?.id]));
    await inbox.next('ops@example.test');
  });

  it('given a receiver that always answers 500, then the delivery fails after 5 attempts and the log says why', async () => {
    receiver.answers.push(500, 500, 500, 500, 500);
    await api(t.server, t.ownerA.token, 'POST', `${alertsPath(engine.engineId)}/test`, {
      accountId: t.accountA,
    });
    const [webhook] = (await settledDeliveries(engine.engineId, 6)).filter((d) => d.channel === 'webhook');
    expect(webhook).toMatchObject({
      state: 'failed',
      attempts: 5,
      statusCode: 500,
      error: 'The webhook answered HTTP 500.',
      nextAttemptAt: null,
    });
    await inbox.next('ops@example.test');
  });

  it('given pages gone (404) in the next crawl, then it is held and both the hold and the 4xx share alert', async () => {
    for (let n = 1; n <= 5; n++) delete engine.routes[`/guide-${n}`];
    expect(await recrawl(engine)).toBe('finished');
    const deliveries = await settledDeliveries(engine.engineId, 10);
    const events = deliveries.slice(0, 4).map((d) => `${d.event} ${d.channel} ${d.state}`);
    expect(events.sort()).toEqual([
      'crawl.errors email delivered',
      'crawl.errors webhook delivered',
      'crawl.held email delivered',
      'crawl.held webhook delivered',
    ]);
    const bodies = bodiesFor(engine.engineId);
    expect(bodies.find((b) => b.event === 'crawl.held')?.details).toMatchObject({
      pages: 6,
      previousPages: 11,
      message: expect.stringContaining(
        'This crawl found 6 pages, 45 % fewer than the 11 of the published one',
      ),
    });
    expect(bodies.find((b) => b.event === 'crawl.errors')?.details).toMatchObject({
      fetched: 11,
      httpErrors: 5,
      sharePercent: 45,
      thresholdPercent: 10,
    });
    const held = await inbox.next('ops@example.test');
    const errors = await inbox.next('ops@example.test');
    expect([held.subject, errors.subject].sort()).toEqual([
      '[Siteseer] Crawl held by the 10 % guard: Alerted guides',
      '[Siteseer] Too many 4xx/5xx URLs: Alerted guides',
    ]);
  });

  it('given a threshold above the 4xx share, then a finished crawl raises no 4xx alert', async () => {
    await setAlerts(engine.engineId, { emails: [], errorSharePercent: 50 });
    const before = bodiesFor(engine.engineId).length;
    expect(await recrawl(engine)).toBe('finished');
    // The run is held again (its 6 pages against the 11 still published): that alert comes alone.
    await settledDeliveries(engine.engineId, 11);
    expect(
      bodiesFor(engine.engineId)
        .slice(before)
        .map((b) => b.event),
    ).toEqual(['crawl.held']);
  });

  it('given a site answering 500 everywhere, then the failed crawl alerts', async () => {
    const failing = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Broken site', { urls: [`${engine.site.origin}/`] }),
    );
    const broken: CrawledEngine = { ...engine, engineId: failing.documentId };
    await setAlerts(failing.documentId, { emails: ['ops@example.test'] });
    const saved = engine.routes['/'];
    engine.routes['/'] = answer(500, 'down', { 'content-type': 'text/plain' });
    try {
      expect(await recrawl(broken)).toBe('failed');
    } finally {
      if (saved) engine.routes['/'] = saved;
    }
    const deliveries = await settledDeliveries(failing.documentId, 2);
    expect(deliveries.map((d) => `${d.event} ${d.channel} ${d.state}`).sort()).toEqual([
      'crawl.failed email delivered',
      'crawl.failed webhook delivered',
    ]);
    expect(bodiesFor(failing.documentId)[0]?.details.message).toMatch(/^Crawl \d+ fetched no page well/);
    expect((await inbox.next('ops@example.test')).subject).toBe('[Siteseer] Crawl failed: Broken site');
  });

  it('given an engine without alerts whose crawl fails, then nothing is delivered for it', async () => {
    const quiet = await createEngine(
      t.server,
      t.ownerA,
      keywordDraft(t.accountA, 'Quiet site', { urls: [`${engine.site.origin}/`] }),
    );
    const saved = engine.routes['/'];
    engine.routes['/'] = answer(500, 'down', { 'content-type': 'text/plain' });
    try {
      expect(await recrawl({ ...engine, engineId: quiet.documentId })).toBe('failed');
    } finally {
      if (saved) engine.routes['/'] = saved;
    }
    expect(await deliveriesOf(quiet.documentId)).toEqual([]);
    expect(bodiesFor(quiet.documentId)).toEqual([]);
    const test = await api(t.server, t.ownerA.token, 'POST', `${alertsPath(quiet.documentId)}/test`, {
      accountId: t.accountA,
    });
    expect([test.status, detailOf(test)]).toEqual([
      409,
      'This engine has no webhook or e-mail address to alert: save one first.',
    ]);
  });

  it('given private webhook addresses, then they are refused when saved', async () => {
    for (const [url, range] of [
      ['http://10.1.2.3/hook', 'private'],
      ['http://169.254.169.254/latest', 'linkLocal'],
      ['http://[::1]:8080/hook', 'loopback'],
    ] as const) {
      const refused = await setAlerts(engine.engineId, { webhookUrl: url });
      expect(refused.status).toBe(400);
      expect(detailOf(refused)).toContain(`The webhook URL is refused: address`);
      expect(detailOf(refused)).toContain(`(${range})`);
    }
    const ftp = await setAlerts(engine.engineId, { webhookUrl: 'ftp://example.com/hook' });
    expect(ftp.status).toBe(400);
  });

  it('given a webhook whose name now resolves to a private address, then the send is refused and not retried', async () => {
    // As if its DNS answer changed after it was saved (rebinding): localhost is not allowed by name.
    const rebound = receiver.url.replace('127.0.0.1', 'localhost');
    await t.server.store.query(
      'UPDATE engine_alerts SET webhook_url = $2, emails = $3 WHERE engine_id = $1',
      [engine.engineId, rebound, []],
    );
    const before = receiver.received.length;
    await api(t.server, t.ownerA.token, 'POST', `${alertsPath(engine.engineId)}/test`, {
      accountId: t.accountA,
    });
    const [latest] = await until('the refused delivery', async () => {
      const deliveries = await deliveriesOf(engine.engineId);
      return deliveries[0]?.target === rebound && deliveries[0].state !== 'pending' ? deliveries : undefined;
    });
    expect(latest).toMatchObject({
      state: 'failed',
      attempts: 1,
      statusCode: null,
      error: expect.stringMatching(
        /^Refused: localhost resolves to (127\.0\.0\.1|::1), in a refused range \(loopback\)\.$/,
      ),
    });
    expect(receiver.received.length).toBe(before);
  });
});

describe('the zero-result alert', () => {
  let engineId: string;

  /** Records `searches` searches of the engine's client today, `zeroResults` of them finding nothing. */
  async function recordSearches(searches: number, zeroResults: number): Promise<void> {
    await t.server.store.query(
      `INSERT INTO analytics_days (account_id, client_id, day, searches, zero_result_searches)
       SELECT account_id, id, (now() AT TIME ZONE 'UTC')::date, $2, $3 FROM clients WHERE engine_id = $1
       ON CONFLICT (account_id, client_id, day) DO UPDATE
         SET searches = excluded.searches, zero_result_searches = excluded.zero_result_searches`,
      [engineId, searches, zeroResults],
    );
  }

  beforeAll(async () => {
    engineId = (await createEngine(t.server, t.ownerA, keywordDraft(t.accountA, 'Searched shop'))).documentId;
    await setAlerts(engineId, { zeroResultPercent: 30, zeroResultMinSearches: 20 });
  });

  it('given fewer searches than the minimum, then a high rate does not alert', async () => {
    await recordSearches(19, 19);
    expect(await t.server.state.alerts.dispatcher.checkZeroResults()).toBe(0);
  });

  it('given the rate past the threshold, then it alerts once, and not again the same day while it stays high', async () => {
    await recordSearches(40, 13);
    expect(await t.server.state.alerts.dispatcher.checkZeroResults()).toBe(1);
    const [delivery] = await settledDeliveries(engineId, 1);
    expect(delivery).toMatchObject({ event: 'search.zeroResults', state: 'delivered' });
    expect(bodiesFor(engineId).at(-1)?.details).toMatchObject({
      searches: 40,
      zeroResults: 13,
      ratePercent: 33,
      thresholdPercent: 30,
      days: 7,
    });
    expect(await t.server.state.alerts.dispatcher.checkZeroResults()).toBe(0);
  });

  it('given the rate back under the threshold, then the next rise alerts again', async () => {
    await recordSearches(40, 12);
    expect(await t.server.state.alerts.dispatcher.checkZeroResults()).toBe(0);
    await recordSearches(40, 20);
    expect(await t.server.state.alerts.dispatcher.checkZeroResults()).toBe(1);
    expect((await settledDeliveries(engineId, 2))[0]?.event).toBe('search.zeroResults');
  });
});
