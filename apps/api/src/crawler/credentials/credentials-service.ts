import {
  MESSAGES,
  type RemoveSiteCredentialsBody,
  type SetSiteCredentialsBody,
  type SiteCredentialsList,
  type SiteCredentialsQuery,
  type SiteCredentialsRemoved,
  type SiteCredentialsStatus,
  signInLabel,
  toCrawlUrl,
} from '@siteseer/core';
import { engineOf, readAccess } from '../../access/engine-access.ts';
import type { Principal } from '../../auth/authenticate.ts';
import type { Changes } from '../../changes/changes.ts';
import { ConflictError, InputError } from '../../errors.ts';
import { type Crawler, findCrawler } from '../../repositories/crawler/crawlers.ts';
import {
  deleteSiteCredentials,
  listSiteCredentials,
  type StoredSiteCredentials,
  saveSiteCredentials,
} from '../../repositories/crawler/site-credentials.ts';
import { type SecretBox, SecretsKeyMissingError } from '../../secrets/index.ts';
import type { Store } from '../../store/types.ts';
import { announceCrawlChange } from '../crawl-changes.ts';
import { writableKeywordEngine } from '../frontier/crawler-service.ts';
import { sealSignIn } from './sign-in.ts';

/** What the API answers of a stored sign-in: never the sealed value, nor anything it holds. */
function status(stored: StoredSiteCredentials): SiteCredentialsStatus {
  return {
    site: stored.site,
    kind: stored.kind,
    set: true,
    label: stored.label,
    updatedAt: stored.updatedAt.toISOString(),
  };
}

/**
 * The engine's site that `text` names (as the crawler fetches it), or a 400: one of its crawler's
 * sites, or before the crawler's first run one of the engine's own (so the first run is signed in).
 */
function engineSite(crawler: Crawler | undefined, engineUrls: readonly string[], text: string): string {
  const site = toCrawlUrl(text);
  if (site === undefined) throw new InputError(MESSAGES.invalidUrl, { field: 'site' });
  const sites = crawler ? crawler.urls : engineUrls.map((url) => toCrawlUrl(url));
  if (!sites.includes(site)) {
    throw new InputError(`${site} is not one of this engine's sites: add it in the crawler settings first.`, {
      field: 'site',
    });
  }
  return site;
}

/** `GET datasource/crawler/credentials`: which sites have a sign-in, for anyone who may read the engine. */
export async function listSiteSignIns(
  store: Store,
  principal: Principal,
  query: SiteCredentialsQuery,
): Promise<SiteCredentialsList> {
  const access = await readAccess(store, principal, query.accountId);
  const engine = await engineOf(store, access, query.engineId, 'kw');
  const stored = await listSiteCredentials(store, access.account.id, engine.id);
  return { credentials: stored.map(status) };
}

/**
 * `PUT datasource/crawler/credentials`: seals and stores a site's sign-in, replacing the one it had,
 * and tells a running crawl to use it from now on. 409 when the server has no secrets key.
 */
export async function setSiteSignIn(
  store: Store,
  changes: Changes,
  box: SecretBox,
  principal: Principal,
  body: SetSiteCredentialsBody,
): Promise<SiteCredentialsStatus> {
  const { access, engine } = await writableKeywordEngine(store, principal, body.accountId, body.engineId);
  const accountId = access.account.id;
  const crawler = await findCrawler(store, accountId, engine.id);
  const site = engineSite(crawler, engine.urls, body.site);
  if (!box.hasKey) throw new ConflictError(new SecretsKeyMissingError().message);
  const sealed = sealSignIn(box, { accountId, engineId: engine.id, site }, body.signIn);
  const saved = await saveSiteCredentials(store, accountId, engine.id, {
    site,
    kind: body.signIn.kind,
    label: signInLabel(body.signIn),
    sealed,
  });
  await announceCrawlChange(changes, { accountId, engineId: engine.id });
  return status(saved);
}

/** `DELETE datasource/crawler/credentials`: the site is fetched without a sign-in from now on. */
export async function removeSiteSignIn(
  store: Store,
  changes: Changes,
  principal: Principal,
  body: RemoveSiteCredentialsBody,
): Promise<SiteCredentialsRemoved> {
  const { access, engine } = await writableKeywordEngine(store, principal, body.accountId, body.engineId);
  const accountId = access.account.id;
  const site = toCrawlUrl(body.site) ?? body.site.trim();
  const removed = await deleteSiteCredentials(store, accountId, engine.id, site);
  if (removed) await announceCrawlChange(changes, { accountId, engineId: engine.id });
  return { site, removed };
}
