export * from './char-map.ts';
export * from './synonym-table.ts';
export * from './tokens.ts';
export * from './word-chars.ts';
