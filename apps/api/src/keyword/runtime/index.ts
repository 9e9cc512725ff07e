export { countPublishedTags } from '../../repositories/keyword/pages.ts';
export { GenerationRegistry, type MeasuredBackend } from './generation-registry.ts';
export { explainKeyword } from './keyword-explain.ts';
export { type KeywordRuntime, keywordRuntime } from './keyword-runtime.ts';
export {
  answerBody,
  type KeywordAnswer,
  keywordConfig,
  searchKeyword,
  suggestKeyword,
} from './keyword-search.ts';
export {
  type Generation,
  type LiveKeyword,
  liveKeyword,
  readLiveKeyword,
} from './live-keyword.ts';
export { announceKeywordGeneration } from './publish-announce.ts';
