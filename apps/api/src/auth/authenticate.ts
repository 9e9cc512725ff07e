import { createHash } from 'node:crypto';
import type { Viewer } from '@siteseer/core';
import type { FastifyRequest } from 'fastify';
import { NotAllowedError, NotAuthenticatedError } from '../errors.ts';
import { findAccountIdByApiKeyHash, listMemberships } from '../repositories/principals.ts';
import { findUserByEmail, findUserById, insertUser, type UserRecord } from '../repositories/users.ts';
import type { Queryable } from '../store/types.ts';
import { type AccessTokenClaims, AccessTokenRefusedError } from './verify-token.ts';

/** A signed-in person: their login and the viewer that permission questions take. */
export interface UserPrincipal {
  kind: 'user';
  user: UserRecord;
  viewer: Viewer;
}

/** A request authenticated with an account's API key: it acts for that account only. */
interface ApiKeyPrincipal {
  kind: 'apiKey';
  accountId: string;
}

export type Principal = UserPrincipal | ApiKeyPrincipal;

/**
 * What authentication reads of the identity settings: whether the embedded provider issues the
 * tokens (its subjects are our user ids; an external issuer's logins are matched by e-mail), and
 * the group whose members are super admins.
 */
export interface AuthenticationSettings {
  embedded: boolean;
  adminGroup: string;
}

const API_KEY_HEADER = 'x-api-key';

/** API keys are random and long, so a fast hash is enough; only the hash is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The viewer of a login: super admin by group, and their role on each account. */
export async function loadViewer(db: Queryable, user: UserRecord, isSuperAdmin: boolean): Promise<Viewer> {
  return { id: user.id, isSuperAdmin, accounts: await listMemberships(db, user.id) };
}

/**
 * Finds who is calling: a bearer access token (embedded or external issuer) or an account API key.
 * With an external issuer the token's subject is not ours, so the login is matched by e-mail and
 * created on first sight (with no password: it signs in at the issuer).
 */
export async function authenticate(
  request: FastifyRequest,
  deps: {
    db: Queryable;
    identity: AuthenticationSettings;
    verifyToken: (token: string) => Promise<AccessTokenClaims>;
  },
): Promise<Principal> {
  const apiKey = request.headers[API_KEY_HEADER];
  if (typeof apiKey === 'string' && apiKey) {
    const accountId = await findAccountIdByApiKeyHash(deps.db, hashApiKey(apiKey));
    if (!accountId) throw new NotAuthenticatedError('The API key is not valid.');
    return { kind: 'apiKey', accountId };
  }

  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new NotAuthenticatedError();
  let claims: AccessTokenClaims;
  try {
    claims = await deps.verifyToken(match[1]);
  } catch (error) {
    if (!(error instanceof AccessTokenRefusedError)) throw error;
    request.log.debug({ err: error }, 'access token refused');
    throw new NotAuthenticatedError(error.message);
  }

  const { identity } = deps;
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
