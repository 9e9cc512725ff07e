export { type AllowEntry, createAddressPolicy, parseAllowList } from './address-policy.ts';
export { createPageFetcher, FETCH_DEFAULTS, type PageFetcher } from './fetch-page.ts';
export type { FetchOutcome } from './outcome.ts';
