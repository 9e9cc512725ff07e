import { keywordBackendContract } from '../backend-contract.ts';
import { createMemoryBackend } from './memory-backend.ts';

keywordBackendContract('the in-memory backend', createMemoryBackend);
