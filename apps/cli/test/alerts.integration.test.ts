import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyAlertSignature } from '@siteseer/core';
import { createEngine, keywordDraft, startWithTenants, type Tenants } from '@siteseer/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, json, runCli, tempConfigDir } from './run-cli.ts';

// `siteseer engines alerts ENGINE [show|set|test|deliveries]` against a real API and a real webhook
// receiver on 127.0.0.1 (allowed to this server as the crawler's tests allow it).

let tenants: Tenants;
let configDir: string;
const received: { signature: string; body: string }[] = [];
let receiverUrl: string;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({
      signature: String(req.headers['siteseer-signature']),
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(200).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  tenants = await startWithTenants({ env: { SITESEER_CRAWL_ALLOW_PRIVATE: '127.0.0.1' } });
  configDir = await tempConfigDir();
  await createEngine(tenants.server, tenants.ownerA, keywordDraft(tenants.accountA, 'Alerted docs'));
});
afterAll(async () => {
  await tenants?.server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function as(token: string, args: string[]): Promise<CliResult> {
  return runCli(['engines', 'alerts', 'Alerted docs', ...args], {
    configDir,
    env: { SITESEER_SERVER: tenants.server.base, SITESEER_TOKEN: token },
  });
}

describe('engines alerts', () => {
  it('given a webhook set, then its secret is printed once and a test alert signed with it arrives', async () => {
    const owner = tenants.ownerA.token;
    const shown = await as(owner, ['--json']);
    expect(json(shown)).toEqual({
      webhookUrl: null,
      emails: [],
      errorSharePercent: 10,
      zeroResultPercent: 30,
      zeroResultMinSearches: 100,
      webhookSecretSet: false,
      emailAvailable: false,
    });

    const set = await as(owner, ['set', '--webhook', receiverUrl, '--error-share', '20']);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/Webhook:\s+http:\/\/127\.0\.0\.1:\d+\/hook/);
    expect(set.stdout).toMatch(/4xx\/5xx alert:\s+more than 20 % of a crawl's URLs/);
    const secret = /^(whsec_[\w-]+)$/m.exec(set.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(set.stderr).toContain('the webhook secret, shown this once');

    const again = await as(owner, ['--json']);
    expect(json(again)).toMatchObject({ webhookSecretSet: true, errorSharePercent: 20 });
    expect(again.stdout).not.toContain('whsec_');

    const test = await as(owner, ['test']);
    expect([test.code, test.stderr]).toEqual([
      0,
      expect.stringContaining('A test alert is on its way to 1 channel'),
    ]);
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const [request] = received;
    expect(
      await verifyAlertSignature({
        header: request?.signature,
        body: request?.body ?? '',
        secret: secret ?? '',
      }),
    ).toBe(true);

    const deliveries = await as(owner, ['deliveries']);
    expect(deliveries.stdout).toMatch(
      /Test alert\s+Webhook\s+http:\/\/127\.0\.0\.1:\d+\/hook\s+delivered\s+1\s+HTTP 200/,
    );
  });

  it('given e-mails on a server without SMTP, a private webhook or nothing to set, then the CLI says why', async () => {
    const owner = tenants.ownerA.token;
    const mail = await as(owner, ['set', '--email', 'ops@example.com']);
    expect(mail.code).toBe(1);
    expect(mail.stderr).toContain('E-mail alerts need an SMTP server');
    const hidden = await as(owner, ['set', '--webhook', 'http://10.0.0.7/hook']);
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toContain(
      'The webhook URL is refused: address 10.0.0.7 is in a refused range (private).',
    );
    const nothing = await as(owner, ['set']);
    expect(nothing.code).toBe(2);
    const user = await as(tenants.userA.token, ['set', '--no-webhook']);
    expect(user.code).toBe(1);
    const other = await as(tenants.ownerB.token, ['--account', tenants.accountA]);
    expect(other.code).not.toBe(0);
  });
});
