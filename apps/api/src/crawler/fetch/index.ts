export {
  type AddressPolicy,
  AddressRefusedError,
  type AllowEntry,
  AllowListError,
  createAddressPolicy,
  parseAllowList,
} from './address-policy.ts';
export { createPageFetcher, FETCH_DEFAULTS, type PageFetcher } from './fetch-page.ts';
export {
  crawlStatusOf,
  type FetchFailure,
  type FetchOptions,
  type FetchOutcome,
  type FetchTimings,
  type PageBody,
  type RedirectHop,
  type ResponseFacts,
} from './outcome.ts';
