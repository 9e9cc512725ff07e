import type { Viewer } from '@siteseer/core';
import type { FastifyRequest } from 'fastify';
import { loadViewer, type Principal } from '../auth/authenticate.ts';
import { NotAuthenticatedError } from '../errors.ts';
import { findUserById } from '../repositories/users.ts';
import type { Store } from '../store/types.ts';
import { FRAME_COOKIE, readCookie, verifyFrameSession } from './frame-session.ts';

const SIGNED_OUT =
  "Sign in to the portal to see this report: this browser's analytics sign-in is missing or has " +
  "expired. Open the engine's Analytics page in the portal again.";

/**
 * The person a frame request is from, by its frame-session cookie (ADR 0024), with their current
 * memberships: a login removed from an account since the session began sees that account no more.
 * No cookie, a forged or expired one (not signed by `frameKey`, the app's), or a login no longer
 * active: 401.
 */
export async function frameViewer(
  store: Store,
  frameKey: Buffer,
  request: FastifyRequest,
  now: Date,
): Promise<Viewer> {
  return (await framePrincipal(store, frameKey, request, now)).viewer;
}

/** `frameViewer` as the principal of a portal call, for what a frame's buttons do through the services. */
export async function framePrincipal(
  store: Store,
  frameKey: Buffer,
  request: FastifyRequest,
  now: Date,
): Promise<Extract<Principal, { kind: 'user' }>> {
  const token = readCookie(request.headers.cookie, FRAME_COOKIE);
  if (!token) throw new NotAuthenticatedError(SIGNED_OUT);
  const session = verifyFrameSession(frameKey, token, now);
  if (!session) throw new NotAuthenticatedError(SIGNED_OUT);
  const user = await findUserById(store, session.userId);
  if (!user || user.status === 'DEPROVISIONED') throw new NotAuthenticatedError(SIGNED_OUT);
  return { kind: 'user', user, viewer: await loadViewer(store, user, session.superAdmin) };
}
