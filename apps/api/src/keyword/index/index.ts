export { createMemoryBackend } from './memory-backend.ts';
export { createThreadedBackend } from './threaded-backend.ts';
