import { createHash } from 'node:crypto';
import type { Viewer } from '@siteseer/core';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { NotAllowedError, NotAuthenticatedError } from '../errors.ts';
import { findUserByEmail, findUserById, insertUser, type UserRecord } from '../repositories/users.ts';
import type { Queryable } from '../store/types.ts';
import type { AccessTokenClaims } from './verify-token.ts';

/** A signed-in person: their login and the viewer that permission questions take. */
export interface UserPrincipal {
  kind: 'user';
  user: UserRecord;
  viewer: Viewer;
}

/** A request authenticated with an account's API key: it acts for that account only. */
export interface ApiKeyPrincipal {
  kind: 'apiKey';
  accountId: string;
}

export type Principal = UserPrincipal | ApiKeyPrincipal;

export const API_KEY_HEADER = 'x-api-key';

/** API keys are random and long, so a fast hash is enough; only the hash is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The viewer of a login: super admin by group, and their role on each account. */
export async function loadViewer(db: Queryable, user: UserRecord, isSuperAdmin: boolean): Promise<Viewer> {
  const { rows } = await db.query<{ id: string; role: 'owner' | 'admin' | 'user'; products: string[] }>(
    `SELECT a.id, au.role, a.products FROM account_users au JOIN accounts a ON a.id = au.account_id
     WHERE au.user_id = $1 ORDER BY a.name`,
    [user.id],
  );
  return {
    id: user.id,
    isSuperAdmin,
    accounts: rows.map((r) => ({ id: r.id, role: r.role, products: r.products as ('pm' | 'kw')[] })),
  };
}

/**
 * Finds who is calling: a bearer access token (embedded or external issuer) or an account API key.
 * With an external issuer the token's subject is not ours, so the login is matched by e-mail and
 * created on first sight (with no password: it signs in at the issuer).
 */
export async function authenticate(
  request: FastifyRequest,
  deps: { db: Queryable; config: Config; verifyToken: (token: string) => Promise<AccessTokenClaims> },
): Promise<Principal> {
  const apiKey = request.headers[API_KEY_HEADER];
  if (typeof apiKey === 'string' && apiKey) {
    const { rows } = await deps.db.query<{ id: string }>('SELECT id FROM accounts WHERE api_key_hash = $1', [
      hashApiKey(apiKey),
    ]);
    if (!rows[0]) throw new NotAuthenticatedError('The API key is not valid.');
    return { kind: 'apiKey', accountId: rows[0].id };
  }

  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new NotAuthenticatedError();
  let claims: AccessTokenClaims;
  try {
    claims = await deps.verifyToken(match[1]);
  } catch (error) {
    request.log.debug({ err: error }, 'access token refused');
    throw new NotAuthenticatedError('The access token is not valid.');
  }

  const { identity } = deps.config;
  let user = identity.embedded ? await findUserById(deps.db, claims.sub) : undefined;
  if (!identity.embedded && claims.email) {
    user =
      (await findUserByEmail(deps.db, claims.email)) ??
      (await insertUser(deps.db, {
        email: claims.email,
        firstName: String(claims.given_name ?? claims.name ?? ''),
        lastName: String(claims.family_name ?? ''),
      }));
  }
  if (!user || user.status === 'DEPROVISIONED') throw new NotAuthenticatedError('This login is not active.');
  const isSuperAdmin = Array.isArray(claims.groups) && claims.groups.includes(identity.adminGroup);
  return { kind: 'user', user, viewer: await loadViewer(deps.db, user, isSuperAdmin) };
}

/** The signed-in person; an API key is refused for calls that need one. */
export function requireUser(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw new NotAllowedError('An API key cannot be used for this call.');
  return principal;
}
