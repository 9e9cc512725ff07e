import { listSiteCredentials } from '../../repositories/crawler/site-credentials.ts';
import type { SecretBox } from '../../secrets/index.ts';
import { SecretsKeyMissingError, SecretUnreadableError } from '../../secrets/index.ts';
import type { Queryable } from '../../store/types.ts';
import type { SiteAuth } from '../fetch/index.ts';
import { openSignIn, signInHeaders } from './sign-in.ts';

/** A site whose stored sign-in cannot be used: the crawl records its URLs with this reason, unfetched. */
export interface UnusableSignIn {
  error: string;
}

/**
 * An engine's site sign-ins, opened for one crawl (or one inspection): what the fetcher sends to
 * each start site's origin. A sign-in the key cannot open is not dropped silently (the site would
 * be crawled signed out, its login page indexed): the site's URLs fail with the reason.
 */
export class EngineCredentials {
  readonly #bySite: ReadonlyMap<string, SiteAuth | UnusableSignIn>;

  constructor(bySite: ReadonlyMap<string, SiteAuth | UnusableSignIn>) {
    this.#bySite = bySite;
  }

  /** An engine without sign-ins. */
  static readonly none = new EngineCredentials(new Map());

  /**
   * What a URL of `site` (the start site it was found from) is fetched with: the site's sign-in,
   * sent by the fetcher to the site's origin only; undefined when the site has none.
   */
  forSite(site: string): SiteAuth | UnusableSignIn | undefined {
    return this.#bySite.get(site);
  }

  /**
   * The headers a request to `url` carries for `site`'s sign-in: none unless `url` is on the
   * site's own origin (for a renderer, whose page asks for subresources of any origin).
   */
  credentialHeadersFor(site: string, url: string): Record<string, string> {
    const auth = this.#bySite.get(site);
    if (!auth || 'error' in auth || !URL.canParse(url)) return {};
    return new URL(url).origin === auth.origin ? { ...auth.headers } : {};
  }
}

/** The engine's sign-ins, opened with `box`; each one that cannot be opened says why. */
export async function loadEngineCredentials(
  db: Queryable,
  box: SecretBox,
  accountId: string,
  engineId: string,
): Promise<EngineCredentials> {
  const stored = await listSiteCredentials(db, accountId, engineId);
  if (stored.length === 0) return EngineCredentials.none;
  const bySite = new Map<string, SiteAuth | UnusableSignIn>();
  for (const { site, sealed } of stored) {
    try {
      const signIn = openSignIn(box, { accountId, engineId, site }, sealed);
      bySite.set(site, { origin: new URL(site).origin, headers: signInHeaders(signIn) });
    } catch (error) {
      if (!(error instanceof SecretUnreadableError || error instanceof SecretsKeyMissingError)) throw error;
      bySite.set(site, { error: `The sign-in for this site cannot be used. ${error.message}` });
    }
  }
  return new EngineCredentials(bySite);
}
