import * as oidc from 'openid-client';
import { AbortError, AuthRequiredError } from '../errors.ts';
import { isLoopback } from './server-config.ts';

/** The scopes the CLI asks for (the spec's, plus offline_access for a refresh token). */
export const CLI_SCOPES = 'openid email profile groups offline_access';

/** The device authorization response, in the CLI's words. */
export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string | undefined;
  /** Seconds until the codes expire. */
  expiresIn: number;
  /** Seconds to wait between polls. */
  interval: number;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** Seconds, when the server said. */
  expiresIn: number | undefined;
}

/** One poll of the token endpoint: the device flow's states (RFC 8628 §3.5), or the tokens. */
export type PollOutcome =
  | { state: 'authorization_pending' }
  | { state: 'slow_down' }
  | { state: 'access_denied' }
  | { state: 'expired_token' }
  | { state: 'approved'; tokens: TokenSet };

/** What login, refresh and logout need of the identity provider. */
export interface OidcClient {
  startDeviceAuthorization(scope: string): Promise<DeviceAuthorization>;
  /** One token request for the device code; never waits. */
  pollDeviceToken(deviceCode: string): Promise<PollOutcome>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /**
   * Revokes a token: 'unsupported' when the issuer refuses its type (a structured JWT access token
   * cannot be revoked; it ends with its grant and expires on its own).
   */
  revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<'revoked' | 'unsupported'>;
}

/** The refresh token was refused (expired, revoked, reused): the user must sign in again. */
class RefreshRefusedError extends AuthRequiredError {
  constructor() {
    super('Your session has expired.', 'Run `siteseer login` to sign in again.');
  }
}

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

function tokenSet(response: oidc.TokenEndpointResponse): TokenSet {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    idToken: response.id_token,
    expiresIn: response.expires_in,
  };
}

/** The error code of a token endpoint refusal, when it is one. */
function oauthErrorCode(error: unknown): string | undefined {
  return error instanceof oidc.ResponseBodyError ? error.error : undefined;
}

function describeOauthError(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) {
    return error.error_description ? `${error.error}: ${error.error_description}` : error.error;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The identity provider through openid-client. Plain http is accepted only for an issuer on
 * localhost/127.0.0.1 (the embedded issuer in development and tests).
 */
export async function createOidcClient(
  issuer: string,
  clientId: string,
  fetchFn?: typeof fetch,
): Promise<OidcClient> {
  const issuerUrl = new URL(issuer);
  const insecure = issuerUrl.protocol === 'http:';
  if (insecure && !isLoopback(issuerUrl)) {
    throw new AbortError(
      `Refusing the plain-http issuer ${issuer}: only localhost and 127.0.0.1 may use http.`,
    );
  }
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(issuerUrl, clientId, undefined, oidc.None(), {
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(fetchFn ? { [oidc.customFetch]: fetchFn } : {}),
    });
  } catch (error) {
    throw new AbortError(`Could not reach the sign-in service at ${issuer}.`, { cause: error });
  }

  return {
    async startDeviceAuthorization(scope) {
      let response: oidc.DeviceAuthorizationResponse;
      try {
        response = await oidc.initiateDeviceAuthorization(config, { scope });
      } catch (error) {
        throw new AbortError(`The sign-in service refused to start: ${describeOauthError(error)}`, {
          cause: error,
        });
      }
      return {
        deviceCode: response.device_code,
        userCode: response.user_code,
        verificationUri: response.verification_uri,
        verificationUriComplete: response.verification_uri_complete,
        expiresIn: response.expires_in,
        interval: response.interval ?? 5,
      };
    },
    async pollDeviceToken(deviceCode) {
      try {
        const response = await oidc.genericGrantRequest(config, DEVICE_GRANT, { device_code: deviceCode });
        return { state: 'approved', tokens: tokenSet(response) };
      } catch (error) {
        const code = oauthErrorCode(error);
        if (
          code === 'authorization_pending' ||
          code === 'slow_down' ||
          code === 'access_denied' ||
          code === 'expired_token'
        ) {
          return { state: code };
        }
        throw new AbortError(`Sign-in failed: ${describeOauthError(error)}`, { cause: error });
      }
    },
    async refresh(refreshToken) {
      try {
        return tokenSet(await oidc.refreshTokenGrant(config, refreshToken));
      } catch (error) {
        if (oauthErrorCode(error) === 'invalid_grant') throw new RefreshRefusedError();
        throw new AbortError(`Could not refresh the session: ${describeOauthError(error)}`, { cause: error });
      }
    },
    async revoke(token, hint) {
      try {
        await oidc.tokenRevocation(config, token, { token_type_hint: hint });
        return 'revoked';
      } catch (error) {
        if (oauthErrorCode(error) === 'unsupported_token_type') return 'unsupported';
        throw error;
      }
    },
  };
}
