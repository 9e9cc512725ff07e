export * from './api-client.ts';
export * from './contract.ts';
export * from './contracts/index.ts';
export * from './errors.ts';
export * from './public-search-client.ts';
export * from './response.ts';
export type {
  ApiClientConfig,
  Caller,
  CallInput,
  CallOptions,
  FetchLike,
  FileInput,
  TokenSource,
  UploadOptions,
} from './transport.ts';
export { fillPath, toQueryString } from './url.ts';
