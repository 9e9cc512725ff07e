import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, actor, PASSWORD, startWithTenants, type Tenants } from './actors.ts';
import { api, startTestServer, type TestServer } from './harness.ts';
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';

let inbox: SmtpInbox;
let t: Tenants;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await startWithTenants({
    env: { SITESEER_SMTP_URL: inbox.url, SITESEER_SMTP_FROM: 'Siteseer <invites@siteseer.test>' },
  });
}, 180_000);
afterAll(async () => {
  await t?.server.close();
  await inbox?.close();
});

interface Pending {
  userId: string;
  email: string;
  role: string;
  delivery: string;
  expiresAt: string | null;
  emailEnabled: boolean;
}

function call(token: string, method: string, path: string, body?: unknown) {
  return api(t.server, token, method, path, body);
}

async function invite(email: string, first = 'Ivy', role = 'user'): Promise<string> {
  const added = await call(t.ownerA.token, 'POST', `account/${t.accountA}/users`, {
    users: [{ first, last: 'Invited', email, role }],
  });
  expect(added.status).toBe(200);
  return added.body.find((u: { email: string }) => u.email === email).id;
}

async function pendingOfA(): Promise<Pending[]> {
  const list = await call(t.ownerA.token, 'GET', `account/${t.accountA}/invitations`);
  expect(list.status).toBe(200);
  return list.body;
}

/** The pending invitation once its e-mail's fate is recorded (it is sent after the answer). */
async function settled(email: string): Promise<Pending | undefined> {
  for (let i = 0; i < 100; i++) {
    const row = (await pendingOfA()).find((p) => p.email === email);
    if (row?.delivery !== 'sending') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The invitation of ${email} stayed 'sending'`);
}

function linkIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/auth\/set-password\?token=\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`No link in: ${mail.text}`);
  return link;
}

async function linkWorks(link: string): Promise<boolean> {
  const page = await fetch(link);
  await page.text();
  return page.status === 200;
}

describe('invitations by e-mail', () => {
  it('given SMTP, when an owner adds a new user, then the e-mail carries a link that sets the password', async () => {
    await invite('ivy@tenant-a.test');
    const mail = await inbox.next('ivy@tenant-a.test');
    expect(mail.from?.value).toEqual([{ name: 'Siteseer', address: 'invites@siteseer.test' }]);
    expect(mail.subject).toBe('You are invited to Demo Account on Siteseer');
    expect(mail.text).toContain('invited you to the Demo Account account on Siteseer.');
    const link = linkIn(mail);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    const sent = await settled('ivy@tenant-a.test');
    expect(sent?.delivery).toBe('sent');
    expect(sent?.emailEnabled).toBe(true);

    await acceptInvitation(t.server, link);
    const ivy = await actor(t.server, 'ivy@tenant-a.test', PASSWORD);
    expect(ivy.id).toBeTruthy();
    expect((await pendingOfA()).map((p) => p.email)).not.toContain('ivy@tenant-a.test');
  });

  it('given a name with markup, when the invitation is e-mailed, then its HTML shows the markup as text', async () => {
    await invite('markup@tenant-a.test', '<img src=x onerror=alert(1)>');
    const mail = await inbox.next('markup@tenant-a.test');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('given a pending invitation, when resent, then a new e-mail comes with a new link and the old one stops working', async () => {
    const id = await invite('resend@tenant-a.test');
    const first = linkIn(await inbox.next('resend@tenant-a.test'));
    const resent = await call(t.adminA.token, 'POST', `account/${t.accountA}/invitation/${id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.map((p: Pending) => p.email)).toContain('resend@tenant-a.test');
    const second = linkIn(await inbox.next('resend@tenant-a.test'));
    expect(second).not.toBe(first);
    expect(await linkWorks(first)).toBe(false);
    expect(await linkWorks(second)).toBe(true);
    expect((await settled('resend@tenant-a.test'))?.delivery).toBe('sent');
  });

  it('given a pending invitation, when its link is copied, then that link works, the e-mailed one no longer, and it shows as link', async () => {
    const id = await invite('copy@tenant-a.test');
    const mailed = linkIn(await inbox.next('copy@tenant-a.test'));
    await settled('copy@tenant-a.test');
    const copied = await call(t.ownerA.token, 'POST', `account/${t.accountA}/invitation/${id}/link`);
    expect(copied.status).toBe(200);
    expect(copied.body.link).toMatch(/\/auth\/set-password\?token=/);
    expect(await linkWorks(mailed)).toBe(false);
    const pending = (await pendingOfA()).find((p) => p.userId === id);
    expect(pending?.delivery).toBe('link');
    expect(Date.parse(pending?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
    await acceptInvitation(t.server, copied.body.link);
  });

  it('given a pending invitation, when revoked, then the user is gone, the login deleted and the link dead', async () => {
    const id = await invite('revoke@tenant-a.test');
    const link = linkIn(await inbox.next('revoke@tenant-a.test'));
    const revoked = await call(t.ownerA.token, 'DELETE', `account/${t.accountA}/invitation/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.map((p: Pending) => p.email)).not.toContain('revoke@tenant-a.test');
    const users = await call(t.ownerA.token, 'GET', `account/${t.accountA}/users`);
    expect(users.body.map((u: { email: string }) => u.email)).not.toContain('revoke@tenant-a.test');
    expect(await linkWorks(link)).toBe(false);
    const check = await call(
      t.ownerA.token,
      'GET',
      `account/${t.accountA}/user/check?email=revoke%40tenant-a.test`,
    );
    expect(check.status).toBe(204);
  });

  it('given an active member, when their invitation is resent or revoked, then 404: only pending invitations', async () => {
    for (const [method, path] of [
      ['POST', `account/${t.accountA}/invitation/${t.userA.id}/resend`],
      ['POST', `account/${t.accountA}/invitation/${t.userA.id}/link`],
      ['DELETE', `account/${t.accountA}/invitation/${t.userA.id}`],
    ] as const) {
      expect((await call(t.ownerA.token, method, path)).status).toBe(404);
    }
  });

  it('given a plain user, when they list, resend, copy or revoke, then they list only', async () => {
    const id = await invite('by-user@tenant-a.test');
    await inbox.next('by-user@tenant-a.test');
    const list = await call(t.userA.token, 'GET', `account/${t.accountA}/invitations`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: Pending) => p.email)).toContain('by-user@tenant-a.test');
    for (const [method, path] of [
      ['POST', `account/${t.accountA}/invitation/${id}/resend`],
      ['POST', `account/${t.accountA}/invitation/${id}/link`],
      ['DELETE', `account/${t.accountA}/invitation/${id}`],
    ] as const) {
      expect((await call(t.userA.token, method, path)).status).toBe(403);
    }
  });
});

describe('invitations when e-mail cannot go', () => {
  let broken: TestServer;
  let owner: { token: string };
  let accountId: string;

  beforeAll(async () => {
    // An SMTP server that is not there: a closed port on this host.
    const gone = await startSmtpInbox();
    await gone.close();
    broken = await startTestServer({ env: { SITESEER_SMTP_URL: gone.url } });
    const credentials = broken.credentials;
    if (!credentials) throw new Error('A fresh server has demo credentials');
    owner = await actor(broken, credentials.owner.email, credentials.owner.password);
    accountId = (await api(broken, owner.token, 'GET', 'accounts')).body[0].id;
  }, 180_000);
  afterAll(async () => {
    await broken?.close();
  });

  it('given a mail server that refuses, when a user is added, then the add succeeds and the invitation shows failed', async () => {
    const added = await api(broken, owner.token, 'POST', `account/${accountId}/users`, {
      users: [{ first: 'No', last: 'Mail', email: 'nomail@tenant-a.test', role: 'user' }],
    });
    expect(added.status).toBe(200);
    let delivery = 'sending';
    for (let i = 0; i < 100 && delivery === 'sending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const list = await api(broken, owner.token, 'GET', `account/${accountId}/invitations`);
      delivery = list.body.find((p: Pending) => p.email === 'nomail@tenant-a.test').delivery;
    }
    expect(delivery).toBe('failed');
  });
});

describe('invitations without SMTP', () => {
  it('given no SMTP server, when a user is added, then the invitation is pending as a link to copy, and not resent', {
    timeout: 180_000,
  }, async () => {
    const plain = await startTestServer();
    try {
      const credentials = plain.credentials;
      if (!credentials) throw new Error('A fresh server has demo credentials');
      const owner = await actor(plain, credentials.owner.email, credentials.owner.password);
      const accountId = (await api(plain, owner.token, 'GET', 'accounts')).body[0].id;
      await api(plain, owner.token, 'POST', `account/${accountId}/users`, {
        users: [{ first: 'Lin', last: 'K', email: 'link@tenant-a.test', role: 'admin' }],
      });
      const list = await api(plain, owner.token, 'GET', `account/${accountId}/invitations`);
      expect(list.body).toMatchObject([{ email: 'link@tenant-a.test', role: 'admin', delivery: 'link' }]);
      // The portal shows Resend disabled from this, rather than letting the 409 below happen.
      expect(list.body[0].emailEnabled).toBe(false);
      const resent = await api(
        plain,
        owner.token,
        'POST',
        `account/${accountId}/invitation/${list.body[0].userId}/resend`,
      );
      expect(resent.status).toBe(409);
      expect(resent.body.detail).toBe(
        'This server sends no e-mail: copy the invitation link and send it yourself.',
      );
    } finally {
      await plain.close();
    }
  });
});

describe('the API key’s dates', () => {
  it('given a new key, when it authenticates calls, then it shows when it was made and last used, written once a minute', async () => {
    const before = await call(t.ownerA.token, 'GET', `account/${t.accountA}/apiKey`);
    expect(before.status).toBe(200);
    const key = (await call(t.ownerA.token, 'GET', `account/${t.accountA}/newApiKey`)).body.key as string;
    const made = await call(t.userA.token, 'GET', `account/${t.accountA}/apiKey`);
    expect(made.body.lastUsedAt).toBeNull();
    expect(Date.parse(made.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const useKey = () =>
      fetch(`${t.server.base}/api/searchengines?type=pm`, { headers: { 'x-api-key': key } }).then(
        (r) => r.status,
      );
    await useKey();
    const used = (await call(t.ownerA.token, 'GET', `account/${t.accountA}/apiKey`)).body;
    expect(used.lastUsedAt).not.toBeNull();
    await useKey();
    const again = (await call(t.ownerA.token, 'GET', `account/${t.accountA}/apiKey`)).body;
    expect(again.lastUsedAt).toBe(used.lastUsedAt);
  });
});
