import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { getOrCreateSecret } from '../repositories/secrets.ts';
import type { Queryable } from '../store/types.ts';

export const SIGNING_ALG = 'RS256';

/** The provider's signing keys: generated on first start, stored, and the same after a restart. */
export function loadSigningKeys(db: Queryable): Promise<{ keys: JWK[] }> {
  return getOrCreateSecret(db, 'oidc-jwks', async () => {
    const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, kid: randomUUID(), alg: SIGNING_ALG, use: 'sig' }] };
  });
}

/** Keys that sign the provider's cookies. */
export function loadCookieKeys(db: Queryable): Promise<string[]> {
  return getOrCreateSecret(db, 'oidc-cookie-keys', () => [randomBytes(32).toString('base64url')]);
}

/** The public half of a JWKS (what the API verifies access tokens with). */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
