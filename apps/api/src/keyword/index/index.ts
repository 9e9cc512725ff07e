export { createMemoryBackend, type MemoryBackend } from './memory-backend.ts';
