export * from './access/index.ts';
export * from './api/index.ts';
export * from './constants.ts';
export * from './domain/index.ts';
export * from './rules/index.ts';
export * from './text/index.ts';
