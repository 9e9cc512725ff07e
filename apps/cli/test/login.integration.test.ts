import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CookieBrowser,
  formAction,
  hiddenInput,
  startTestServer,
  type TestServer,
} from '@siteseer/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, json, runCli, startCli, tempConfigDir } from './run-cli.ts';

/** The start of every ANSI escape code: none may reach piped output. */
const ESC = String.fromCharCode(27);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Approves (or aborts) a device code through the server's real verification pages, as a person would. */
async function approveDevice(
  verificationUri: string,
  userCode: string,
  who: { email: string; password: string },
  options: { abort?: boolean } = {},
): Promise<void> {
  const browser = new CookieBrowser();
  const input = await browser.follow(verificationUri, server.base);
  const inputHtml = await input.response.text();
  const submitted = await browser.post(new URL(formAction(inputHtml) ?? '', server.base), {
    xsrf: hiddenInput(inputHtml, 'xsrf') ?? '',
    user_code: userCode,
  });
  const confirmHtml = await submitted.text();
  expect(confirmHtml).toContain(userCode);
  const fields = {
    xsrf: hiddenInput(confirmHtml, 'xsrf') ?? '',
    user_code: hiddenInput(confirmHtml, 'user_code') ?? '',
  };
  if (options.abort) {
    const aborted = await browser.post(new URL(formAction(confirmHtml) ?? '', server.base), {
      ...fields,
      abort: 'yes',
    });
    await aborted.body?.cancel();
    return;
  }
  const confirmed = await browser.post(new URL(formAction(confirmHtml) ?? '', server.base), {
    ...fields,
    confirm: 'yes',
  });
  const login = await browser.follow(confirmed.headers.get('location') ?? '', server.base);
  const loginHtml = await login.response.text();
  expect(loginHtml).toContain('Sign in to the Siteseer CLI.');
  const loggedIn = await browser.post(new URL(formAction(loginHtml) ?? '', server.base), who);
  const done = await browser.follow(loggedIn.headers.get('location') ?? '', server.base);
  expect(await done.response.text()).toContain('is signed in');
}

/** Runs `siteseer login`, reads the code and URL it prints, and lets `act` approve or abort it. */
async function login(
  configDir: string,
  act: (uri: string, code: string) => Promise<void>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = startCli(['login', '--server', server.base, '--no-browser'], cliEnv(configDir));
  let stderr = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const prompted = new Promise<{ uri: string; code: string }>((resolve) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const code = /one-time code: (\S+)/.exec(stderr)?.[1];
      const uri = /Then open (\S+) and enter it/.exec(stderr)?.[1];
      if (code && uri) resolve({ uri, code });
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const { uri, code } = await Promise.race([
    prompted,
    exited.then((status) => {
      throw new Error(`login exited ${status} before showing a code: ${stderr}`);
    }),
  ]);
  await act(uri, code);
  return { code: await exited, stderr, stdout };
}

describe('siteseer login (device flow against the real server)', () => {
  it('given the owner approves the code on the verification pages, then the CLI is signed in, whoami works, and logout signs out', async () => {
    const configDir = await tempConfigDir();
    const owner = server.credentials?.owner ?? { email: '', password: '' };
    const result = await login(configDir, (uri, code) => approveDevice(uri, code, owner));
    expect(result.stderr).toContain(`Signed in to ${server.base} as`);
    expect(result.stderr).not.toContain(ESC);
    expect(result.code).toBe(0);

    // No keyring here: the 0600 file holds the tokens.
    const file = join(configDir, 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(stored.servers[server.base].refreshToken).toBeTruthy();

    // The saved server is used without --server or SITESEER_SERVER.
    const me = await runCli(['whoami', '--json'], { configDir });
    expect(me.code).toBe(0);
    const profile = json(me);
    expect(profile.email).toBe(owner.email);
    expect(profile.isBZAdmin).toBe(false);
    expect(profile.auth).toBe('session');
    expect(profile.accounts[0].role).toBe('owner');

    const human = await runCli(['whoami'], { configDir });
    expect(human.stdout).toMatch(/Super admin:\s+no/);
    expect(human.stdout).toMatch(/ACCOUNT ID\s+NAME\s+ROLE/);

    // The refresh token is revoked (the session ends); the JWT access token cannot be, as expected.
    const out = await runCli(['logout', '--json'], { configDir });
    expect(out.code).toBe(0);
    expect(json(out)).toEqual({ server: server.base, signedOut: true, revoked: true });
    expect(out.stderr).not.toContain('Could not revoke');
    // The server is kept: the next command says no one is signed in to it, and how to sign in.
    const after = await runCli(['whoami'], { configDir });
    expect(after.code).toBe(4);
    expect(after.stderr).toMatch(new RegExp(`^error: You are not signed in to ${server.base}\\.`));
    expect(after.stderr).toContain('Run `siteseer login` to sign in');
    expect(after.stderr).not.toContain('No Siteseer server');
    const elsewhere = await runCli(['whoami', '--server', 'http://127.0.0.1:9'], { configDir });
    expect(elsewhere.code).toBe(4);
    expect(elsewhere.stderr).toContain('Run `siteseer login --server http://127.0.0.1:9` to sign in');
  });

  it('given --json in CI, then a script reads the code from the first stdout line, and the result from the second', async () => {
    const configDir = await tempConfigDir();
    const owner = server.credentials?.owner ?? { email: '', password: '' };
    const child = startCli(['login', '--server', server.base, '--json'], cliEnv(configDir, { CI: 'true' }));
    let stdout = '';
    const firstLine = new Promise<string>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const device = JSON.parse(await firstLine);
    expect(Object.keys(device).sort()).toEqual([
      'expires_in',
      'user_code',
      'verification_uri',
      'verification_uri_complete',
    ]);
    expect(device.verification_uri).toBe(`${server.base}/oidc/device`);
    expect(device.verification_uri_complete).toContain(encodeURIComponent(device.user_code));
    expect(device.expires_in).toBeGreaterThan(0);
    await approveDevice(device.verification_uri, device.user_code, owner);
    expect(await exited).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({ server: server.base, email: owner.email });
  });

  it('given a saved login whose token is about to expire, when a command runs, then the token is refreshed and saved', async () => {
    const configDir = await tempConfigDir();
    const admin = server.credentials?.superAdmin ?? { email: '', password: '' };
    expect((await login(configDir, (uri, code) => approveDevice(uri, code, admin))).code).toBe(0);
    const file = join(configDir, 'credentials.json');
    const before = JSON.parse(await readFile(file, 'utf8'));
    before.servers[server.base].expiresAt = Date.now() + 60_000;
    await writeFile(file, JSON.stringify(before), { mode: 0o600 });

    const me = await runCli(['whoami', '--json'], { configDir });
    expect(json(me).isBZAdmin).toBe(true);
    const after = JSON.parse(await readFile(file, 'utf8')).servers[server.base];
    expect(after.refreshToken).not.toBe(before.servers[server.base].refreshToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 120_000);

    // A token the server refuses (401) is refreshed once and the call retried.
    after.accessToken = 'not-a-valid-token';
    await writeFile(file, JSON.stringify({ version: 1, servers: { [server.base]: after } }), { mode: 0o600 });
    const retried = await runCli(['whoami', '--json'], { configDir });
    expect(retried.code).toBe(0);
    expect(json(retried).email).toBe(admin.email);
  });

  it('given a corrupt credentials file, when logging out, then the file is removed and the CLI says so', async () => {
    const configDir = await tempConfigDir();
    const file = join(configDir, 'credentials.json');
    await writeFile(file, '{ not json', { mode: 0o600 });
    const whoami = await runCli(['whoami', '--server', server.base], { configDir });
    expect(whoami.code).toBe(1);
    expect(whoami.stderr).toContain('Run `siteseer logout` to remove it');
    const out = await runCli(['logout', '--server', server.base], { configDir });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain(`Removed the credentials file ${file}: it was not valid.`);
    await expect(stat(file)).rejects.toThrow();
  });

  it('given the person aborts on the confirm page, then login stops with access denied (exit 1) and saves nothing', async () => {
    const configDir = await tempConfigDir();
    const owner = server.credentials?.owner ?? { email: '', password: '' };
    const result = await login(configDir, (uri, code) => approveDevice(uri, code, owner, { abort: true }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: Sign-in was denied on the verification page.');
    await expect(stat(join(configDir, 'credentials.json'))).rejects.toThrow();
  });

  it('given a server URL over plain http that is not local, when logging in, then it is refused before any request (exit 2)', async () => {
    const result = await runCli(['login', '--server', 'http://siteseer.example.com'], {
      configDir: await tempConfigDir(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Refusing plain http');
  });
});
