export { BlockList } from './block-list.ts';
export { mergeSuggestions, popularQueryLimit } from './merge-suggestions.ts';
export { PopularQueries, type PopularQueriesOptions } from './popular-queries.ts';
export { PopularQueryIndex } from './popular-query-index.ts';
export { suggestionWords } from './suggestion-words.ts';
