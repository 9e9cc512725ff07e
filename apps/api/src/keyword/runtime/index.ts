export { countPublishedTags } from '../../repositories/keyword/pages.ts';
export { explainKeyword } from './keyword-explain.ts';
export { type KeywordRuntime, keywordRuntime } from './keyword-runtime.ts';
export {
  answerBody,
  keywordConfig,
  keywordCorrections,
  searchKeyword,
  suggestPages,
} from './keyword-search.ts';
export { type LiveKeyword, liveKeyword, readLiveKeyword } from './live-keyword.ts';
