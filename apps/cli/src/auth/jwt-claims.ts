/**
 * The claims of a JWT, without verifying it: the server verifies; the CLI only reads `exp`, `email`
 * and `sub` (for its own bookkeeping, never to decide what a person may do).
 */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const [, payload] = token.split('.');
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Who a token was issued to (its `sub` claim), when it is a JWT that says. */
export function subjectOf(token: string): string | undefined {
  const sub = jwtClaims(token)?.sub;
  return typeof sub === 'string' && sub !== '' ? sub : undefined;
}
