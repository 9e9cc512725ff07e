export {
  type ClickEvent,
  normaliseQuery,
  QUERY_CHARS_MAX,
  type SearchEvent,
} from './events.ts';
export {
  BATCH_ROWS,
  FLUSH_EVERY_MS,
  QUEUE_MAX,
  type RecorderOptions,
  type RecorderStats,
  SearchRecorder,
} from './recorder.ts';
export { deleteOldVisitorSalts, VisitorIds } from './visitor-id.ts';
