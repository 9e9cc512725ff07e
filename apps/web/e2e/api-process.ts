import { actor, startTestServer } from '@siteseer/test-support';

/*
 * Run by `startRealApi` as a Node child process (the component tests' happy-dom globals cannot host
 * the API): starts the real API on 127.0.0.1 with PGlite in memory and the given settings, signs the seeded owner in, prints
 * one line of JSON, and stops when its stdin closes (the test ends, or its process dies).
 */
// The settings `startRealApi` was given, as JSON (the child's only way in besides its stdin).
const env = JSON.parse(process.env.SITESEER_TEST_SERVER_ENV ?? '{}') as Record<string, string>;
const server = await startTestServer({ env });
try {
  const owner = server.credentials?.owner;
  if (!owner) throw new Error('A fresh server has demo credentials');
  const { token } = await actor(server, owner.email, owner.password);
  const accounts = await fetch(`${server.base}/api/accounts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [account] = (await accounts.json()) as { id: string }[];
  process.stdout.write(`${JSON.stringify({ base: server.base, token, accountId: account?.id })}\n`);
} catch (error) {
  await server.close();
  throw error;
}
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
