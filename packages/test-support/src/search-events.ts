// The API's statements that store recorded searches and clicks (and add them to the analytics
// rollups), for the bench's analytics section: it writes a million searches the way the recorder
// does, without a million HTTP requests.
export { SearchBatch } from '@siteseer/api/repositories/search-batch';
export {
  insertSearchBatch,
  insertSearchClicks,
  maintainSearchTables,
  type SearchClickRow,
} from '@siteseer/api/repositories/search-events';
