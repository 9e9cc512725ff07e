import { type AuthDeps, authCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';

export type LogoutOptions = Record<string, never>;

export function parse(_input: ParseInput): LogoutOptions {
  return {};
}

/** Revokes the saved session at the issuer (best effort) and deletes the saved credentials. */
export async function run(deps: AuthDeps, _options: LogoutOptions): Promise<void> {
  const { output } = deps;
  const server = deps.server;
  if (!server) throw new UsageError('Which server? Pass --server URL (or set SITESEER_SERVER).');
  const credentials = await deps.store.load(server);
  if (!credentials) {
    if (output.json) output.printJson({ server, signedOut: false });
    else output.info(`Not signed in to ${server}.`);
    return;
  }
  let revoked = true;
  try {
    const client = await deps.oidc(credentials.issuer, credentials.clientId);
    // Revoking the refresh token ends the grant, and with it every token issued from it.
    if (credentials.refreshToken) await client.revoke(credentials.refreshToken, 'refresh_token');
    await client.revoke(credentials.accessToken, 'access_token');
  } catch (error) {
    // The server may be gone or unreachable: signing out locally must still work.
    revoked = false;
    output.warn(
      `Could not revoke the session on the server (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  await deps.store.remove(server);
  const settings = await deps.settings.read();
  if (settings.server === server) await deps.settings.write({ ...settings, server: undefined });
  if (output.json) output.printJson({ server, signedOut: true, revoked });
  else output.success(`Signed out of ${server}.`);
}

export const command = authCommand({ parse, run });
