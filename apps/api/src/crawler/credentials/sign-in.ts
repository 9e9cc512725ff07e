import { SiteSignIn } from '@siteseer/core';
import type { SecretBox } from '../../secrets/index.ts';
import { SecretUnreadableError } from '../../secrets/index.ts';

/** Where a site's sign-in belongs: its sealed value opens only for the same account, engine and site. */
export interface SignInOwner {
  accountId: string;
  engineId: string;
  site: string;
}

function sealingContext(owner: SignInOwner): string {
  return ['crawl-site-credentials', owner.accountId, owner.engineId, owner.site].join('\0');
}

/** The sign-in sealed for its owner (AES-256-GCM; see SecretBox). */
export function sealSignIn(box: SecretBox, owner: SignInOwner, signIn: SiteSignIn): string {
  return box.seal(JSON.stringify(signIn), sealingContext(owner));
}

/** A sealed sign-in opened and checked; SecretUnreadableError when it cannot be, never a guess. */
export function openSignIn(box: SecretBox, owner: SignInOwner, sealed: string): SiteSignIn {
  const parsed = SiteSignIn.safeParse(JSON.parse(box.open(sealed, sealingContext(owner))));
  if (!parsed.success) throw new SecretUnreadableError('it is not a sign-in this server knows');
  return parsed.data;
}

/** The request headers a sign-in adds: `Authorization: Basic …`, its header, or `Cookie`. */
export function signInHeaders(signIn: SiteSignIn): Record<string, string> {
  if (signIn.kind === 'basic') {
    const token = Buffer.from(`${signIn.user}:${signIn.password}`, 'utf8').toString('base64');
    return { authorization: `Basic ${token}` };
  }
  if (signIn.kind === 'header') return { [signIn.name.toLowerCase()]: signIn.value };
  return { cookie: signIn.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
}
