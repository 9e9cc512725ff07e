import type { BodyOf, ParamsOf, QueryOf } from '../contract.ts';
import { engineContracts } from '../contracts/engines.ts';
import type { Caller, CallOptions, FileInput, UploadOptions } from '../transport.ts';

/** Methods of `client.engines`. */
export function engineMethods(call: Caller) {
  const c = engineContracts;
  return {
    /** GET searchengines?type= */
    list: (query: QueryOf<typeof c.list> = {}, options?: CallOptions) => call(c.list, { query }, options),
    /** POST searchengines */
    create: (draft: BodyOf<typeof c.create>, options?: CallOptions) =>
      call(c.create, { body: draft }, options),
    /** GET searchengines/{id}?accountId= */
    get: (id: string, query: QueryOf<typeof c.get>, options?: CallOptions) =>
      call(c.get, { params: { id }, query }, options),
    /** PUT searchengines/{id} */
    update: (id: string, draft: BodyOf<typeof c.update>, options?: CallOptions) =>
      call(c.update, { params: { id }, body: draft }, options),
    /** DELETE searchengines/{id} with body accountId. */
    delete: (id: string, body: BodyOf<typeof c.delete>, options?: CallOptions) =>
      call(c.delete, { params: { id }, body }, options),
    /** GET searchengines/{id}/download/{format}?accountId=&version=: the dataset as a Blob. */
    download: (
      id: string,
      format: ParamsOf<typeof c.download>['format'],
      query: QueryOf<typeof c.download>,
      options?: CallOptions,
    ) => call(c.download, { params: { id, format }, query }, options),
    /** GET searchengines/{id}/explain?accountId=&q=&tab=&page=&pageSize=: results with their scores taken apart. */
    explain: (id: string, query: QueryOf<typeof c.explain>, options?: CallOptions) =>
      call(c.explain, { params: { id }, query }, options),
    /** GET searchengines/{id}/page-urls?accountId=&prefix=&limit=: crawled page URLs to pick from. */
    pageUrls: (id: string, query: QueryOf<typeof c.pageUrls>, options?: CallOptions) =>
      call(c.pageUrls, { params: { id }, query }, options),
    /** GET searchengines/{id}/suggestions?accountId=: the suggestions' visitor minimum and block list. */
    suggestionSettings: (id: string, query: QueryOf<typeof c.suggestionSettings>, options?: CallOptions) =>
      call(c.suggestionSettings, { params: { id }, query }, options),
    /** PUT searchengines/{id}/suggestions: replaces them (engine and client at once). */
    updateSuggestionSettings: (
      id: string,
      body: BodyOf<typeof c.updateSuggestionSettings>,
      options?: CallOptions,
    ) => call(c.updateSuggestionSettings, { params: { id }, body }, options),
    /** POST searchengines/{id}/filters?accountId=: document counts per category. */
    filters: (
      id: string,
      query: QueryOf<typeof c.filters>,
      body: BodyOf<typeof c.filters> = {},
      options?: CallOptions,
    ) => call(c.filters, { params: { id }, query, body }, options),
    /** POST searchengines/synonyms/validate (multipart: accountId, synonymsFile). */
    validateSynonyms: (input: BodyOf<typeof c.validateSynonyms> & FileInput, options?: UploadOptions) => {
      const { file, filename, ...fields } = input;
      return call(c.validateSynonyms, { body: fields, files: { synonymsFile: { file, filename } } }, options);
    },
  };
}
