import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';

/** Whose access tokens the API accepts: the issuer that signs them and the audience they name. */
export interface TokenIssuerSettings {
  issuer: string;
  audience: string;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  name?: string;
  groups?: string[];
}

/** The claim in which the embedded provider names the grant an access token was issued from. */
export const GRANT_ID_CLAIM = 'grant_id';

/** The bearer token is refused: the caller must sign in again (a 401, never a server error). */
export class AccessTokenRefusedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AccessTokenRefusedError';
  }
}

/** What the API checks an embedded provider's token against: its keys and its stored grants. */
export interface EmbeddedIssuer {
  jwks: JSONWebKeySet;
  grantExists: (grantId: string) => Promise<boolean>;
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/**
 * Verifies bearer access tokens (RFC 9068): issuer, audience, `typ: at+jwt`, algorithm allow-list.
 * With the embedded provider the keys are its own (no HTTP round trip) and the token's grant must
 * still exist (`grantExists`), so logout and revocation end API access at once instead of when the
 * token expires. With an external issuer the keys come from its JWKS (found by discovery, cached by
 * jose) and the signature is all that is checked: a logout there ends API access when the token
 * expires.
 */
export function createTokenVerifier(
  settings: TokenIssuerSettings,
  embedded?: EmbeddedIssuer,
): (token: string) => Promise<AccessTokenClaims> {
  const { issuer, audience } = settings;
  let keys: JWTVerifyGetKey | undefined = embedded ? createLocalJWKSet(embedded.jwks) : undefined;

  async function remoteKeys(): Promise<JWTVerifyGetKey> {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`Issuer discovery failed with status ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new Error('Issuer discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(jwksUri));
  }

  async function verifySignature(token: string): Promise<AccessTokenClaims> {
    try {
      keys ??= await remoteKeys();
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        typ: 'at+jwt',
        algorithms: ALGORITHMS,
      });
      if (!payload.sub) throw new Error('Access token has no subject');
      return payload as AccessTokenClaims;
    } catch (error) {
      throw new AccessTokenRefusedError('The access token is not valid.', { cause: error });
    }
  }

  return async (token) => {
    const claims = await verifySignature(token);
    if (!embedded) return claims;
    const grantId = claims[GRANT_ID_CLAIM];
    if (typeof grantId !== 'string' || !grantId)
      throw new AccessTokenRefusedError('The access token names no sign-in grant. Sign in again.');
    // A store error here is the server's problem (a 5xx), not a reason to refuse the token.
    if (!(await embedded.grantExists(grantId)))
      throw new AccessTokenRefusedError('This sign-in has ended (signed out or revoked). Sign in again.');
    return claims;
  };
}
