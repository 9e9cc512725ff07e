/** The crawler's page extraction, for its micro-benchmark (scripts reach the API only through here). */
export { extractPage } from '@siteseer/api/crawler/extract';
