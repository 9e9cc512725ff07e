export { BlockList } from './block-list.ts';
export { mergeSuggestions, popularQueryLimit } from './merge-suggestions.ts';
export { suggestionWords } from './suggestion-words.ts';
