import {
  RemoveSiteCredentialsBody,
  SetSiteCredentialsBody,
  SiteCredentialsList,
  SiteCredentialsQuery,
  SiteCredentialsRemoved,
  SiteCredentialsStatus,
} from '../../domain/site-credentials.ts';
import { defineCall } from '../contract.ts';

/**
 * Sign-ins the crawler sends to a keyword engine's start sites (sites behind a login). Write-only:
 * no answer carries a password, header value or cookie value, only that a sign-in is set.
 */
export const siteCredentialsContracts = {
  list: defineCall({
    name: 'crawler.credentials.list',
    method: 'GET',
    path: 'datasource/crawler/credentials',
    description:
      "The engine's start sites that have a sign-in: the kind (basic, header, cookie), `set: true`, and what names it without a secret (the Basic user name, the header's name, the cookies' names). For anyone who may read the engine.",
    query: SiteCredentialsQuery,
    response: SiteCredentialsList,
  }),
  set: defineCall({
    name: 'crawler.credentials.set',
    method: 'PUT',
    path: 'datasource/crawler/credentials',
    description:
      "Sets (or replaces) the sign-in the crawler sends to one start site of the engine: HTTP Basic, one request header, or cookies. Stored encrypted (AES-256-GCM) and sent only to that site's origin, never after a redirect to another origin. For members who may edit the engine; 409 when the server has no secrets key (SITESEER_SECRETS_KEY).",
    body: SetSiteCredentialsBody,
    response: SiteCredentialsStatus,
  }),
  remove: defineCall({
    name: 'crawler.credentials.remove',
    method: 'DELETE',
    path: 'datasource/crawler/credentials',
    description:
      'Removes the sign-in of one start site of the engine: the crawler fetches it without one from then on. For members who may edit the engine.',
    body: RemoveSiteCredentialsBody,
    response: SiteCredentialsRemoved,
  }),
} as const;
