export { normaliseQuery } from './events.ts';
export { SearchRecorder } from './recorder.ts';
export { searchSourceOf } from './source.ts';
export { VisitorIds } from './visitor-id.ts';
