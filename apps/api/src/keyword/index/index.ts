export { createMemoryBackend } from './memory-backend.ts';
