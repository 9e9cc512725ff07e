// The one way into core's API client (and its zod contracts): portal-api.ts imports this module
// dynamically, so it becomes a chunk of its own that loads with the first request.
export { createApiClient } from '@siteseer/core';
