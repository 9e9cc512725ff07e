import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { Config } from '../config.ts';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  name?: string;
  groups?: string[];
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/**
 * Verifies bearer access tokens (RFC 9068): issuer, audience, `typ: at+jwt`, algorithm allow-list.
 * With the embedded provider the keys are its own (no HTTP round trip); with an external issuer
 * they come from its JWKS, found by discovery and cached by jose.
 */
export function createTokenVerifier(
  config: Config,
  localJwks?: JSONWebKeySet,
): (token: string) => Promise<AccessTokenClaims> {
  const { issuer, audience } = config.identity;
  let keys: JWTVerifyGetKey | undefined = localJwks ? createLocalJWKSet(localJwks) : undefined;

  async function remoteKeys(): Promise<JWTVerifyGetKey> {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`Issuer discovery failed with status ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new Error('Issuer discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(jwksUri));
  }

  return async (token) => {
    keys ??= await remoteKeys();
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience,
      typ: 'at+jwt',
      algorithms: ALGORITHMS,
    });
    if (!payload.sub) throw new Error('Access token has no subject');
    return payload as AccessTokenClaims;
  };
}
