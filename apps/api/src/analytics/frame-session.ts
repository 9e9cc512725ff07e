import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getOrCreateSecret } from '../repositories/secrets.ts';
import type { Store } from '../store/types.ts';

// The analytics frames' sign-in (ADR 0024). An iframe cannot send the portal's bearer token, so the
// portal trades it (POST analytics/session) for a short-lived cookie that only the frames' path
// receives. The cookie names a login and says nothing of accounts: each frame request checks that
// login's current memberships against the client's account.

export const FRAME_COOKIE = 'siteseer_analytics';
/** Where the browser sends the cookie: the frames and their CSV downloads, nothing else of the API. */
const FRAME_COOKIE_PATH = '/api/analytics/';
/** How long a frame session lasts; the portal renews it while the analytics screen is open. */
export const FRAME_SESSION_SECONDS = 15 * 60;

const KEY_SECRET = 'analytics-frame-key';

/** Who a frame session is for. */
export interface FrameSession {
  userId: string;
  /** From the access token that opened the session (super admin is a claim, not a stored fact). */
  superAdmin: boolean;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * The key that signs frame sessions, read or made once for every process sharing the database. The
 * app loads it as it starts and keeps it in its state: a frame request never waits for it.
 */
export async function loadFrameKey(store: Store): Promise<Buffer> {
  const value = await getOrCreateSecret(store, KEY_SECRET, () => randomBytes(32).toString('base64'));
  return Buffer.from(value, 'base64');
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`frame-session:${payload}`).digest();
}

/** The cookie value of a session: its JSON and an HMAC of it, both base64url. */
export function signFrameSession(key: Buffer, session: FrameSession): string {
  const payload = Buffer.from(
    JSON.stringify({ sub: session.userId, sa: session.superAdmin, exp: session.expiresAt }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The session a cookie value carries, or undefined when it is forged, malformed or expired. */
export function verifyFrameSession(key: Buffer, token: string, now: Date): FrameSession | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { sub, sa, exp } = claims as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof sa !== 'boolean' || typeof exp !== 'number') return undefined;
  if (exp * 1000 <= now.getTime()) return undefined;
  return { userId: sub, superAdmin: sa, expiresAt: exp };
}

/** The Set-Cookie header of a session: HttpOnly, SameSite=Strict, the frames' path only. */
export function frameSessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${FRAME_COOKIE}=${token}`,
    `Path=${FRAME_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The Set-Cookie header that ends a session in the browser (logout): same name and path, Max-Age=0.
 * The signed value names no server state, so a copy taken before stays valid until it expires.
 */
export function endedFrameSessionCookie(secure: boolean): string {
  return frameSessionCookie('', 0, secure);
}

/** A cookie's value from a Cookie header (the last one of that name wins, as browsers send one). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  let found: string | undefined;
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) found = part.slice(at + 1).trim();
  }
  return found;
}
