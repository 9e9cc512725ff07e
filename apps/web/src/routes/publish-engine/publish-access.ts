import type { FeatureGrant, SearchEngine, Viewer } from '@siteseer/core';
import { canWriteEngine, INGEST_API_CREATOR } from '@siteseer/core';

/** The screen's own words (the spec has no publish screen; Siteseer's wording). */
export const PUBLISH_TEXT = {
  notFound: 'This search engine was not found.',
  keywordEngine:
    'Versions are kept for parametric engines only: a keyword engine publishes each crawl as it finishes.',
  notAllowed: 'Your role does not allow publishing versions of this search engine.',
  noFile: 'This search engine has no published file yet, so it has no versions to publish.',
  noClient: 'This search engine has no client yet, so no version can be published.',
} as const;

/**
 * Whether the viewer may open a parametric engine's versions and publish one: the same gate as the
 * engine card's Edit (a role on the account and ENGINE_EDIT on for them), and the same answer the
 * API gives `PUT parametric/publish`. Engines made by the data-source API are included: the API and
 * the CLI publish their versions too, and rolling back a bad nightly feed is what this screen is for.
 */
export function canPublishVersions(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>,
): boolean {
  return engine.searchEngineType === 'pm' && canWriteEngine(viewer, features, engine, 'edit');
}

/** Who uploaded a version, as the table shows it: the login's e-mail, or the data-source API. */
export function uploaderText(uploadedBy: string | undefined): string {
  if (uploadedBy === undefined) return '';
  return uploadedBy === INGEST_API_CREATOR ? 'Data-source API' : uploadedBy;
}
