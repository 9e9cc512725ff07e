import type { StoredCredentials } from '../../auth/credentials.ts';
import { InvalidCredentialsFileError } from '../../auth/file-store.ts';
import { type AuthDeps, authCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';

export type LogoutOptions = Record<string, never>;

export function parse(_input: ParseInput): LogoutOptions {
  return {};
}

/**
 * Revokes the saved session at the issuer (best effort) and deletes the saved credentials. The
 * saved server is kept: the next command says that no one is signed in to it, and a plain
 * `siteseer login` signs in to it again.
 */
export async function run(deps: AuthDeps, _options: LogoutOptions): Promise<void> {
  const { output } = deps;
  const server = deps.server;
  if (!server) throw new UsageError('Which server? Pass --server URL (or set SITESEER_SERVER).');
  let credentials: StoredCredentials | undefined;
  try {
    credentials = await deps.store.load(server);
  } catch (error) {
    if (!(error instanceof InvalidCredentialsFileError)) throw error;
    // Nothing usable can be revoked from it; removing it is what signs out.
    await deps.store.remove(server);
    output.warn(`Removed the credentials file ${error.path}: it was not valid.`);
    if (output.json) output.printJson({ server, signedOut: true, revoked: false, removedInvalidFile: true });
    else output.success(`Signed out of ${server}.`);
    return;
  }
  if (!credentials) {
    if (output.json) output.printJson({ server, signedOut: false });
    else output.info(`Not signed in to ${server}.`);
    return;
  }
  let revoked = false;
  try {
    const client = await deps.oidc(credentials.issuer, credentials.clientId);
    // Revoking the refresh token ends the grant, and with it every token issued from it.
    if (credentials.refreshToken) {
      revoked = (await client.revoke(credentials.refreshToken, 'refresh_token')) === 'revoked';
    }
    // A JWT access token cannot be revoked ('unsupported'): it ends with the grant, or expires.
    if ((await client.revoke(credentials.accessToken, 'access_token')) === 'revoked') revoked = true;
  } catch (error) {
    // The server may be gone or unreachable: signing out locally must still work.
    output.warn(
      `Could not revoke the session on the server: ${(error instanceof Error ? error.message : String(error)).replace(/\.$/, '')}.`,
    );
  }
  await deps.store.remove(server);
  if (output.json) output.printJson({ server, signedOut: true, revoked });
  else output.success(`Signed out of ${server}.`);
}

export const command = authCommand({ parse, run });
