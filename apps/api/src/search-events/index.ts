export { normaliseQuery } from './events.ts';
export { SearchRecorder } from './recorder.ts';
export { type SearchSource, SOURCE_HEADER, searchSourceOf } from './source.ts';
export { VisitorIds } from './visitor-id.ts';
