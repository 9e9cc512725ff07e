export * from './column-label.ts';
export * from './column-settings.ts';
export * from './engine-name.ts';
export * from './file-type.ts';
export * from './messages.ts';
export * from './rule-result.ts';
export * from './upload-file.ts';
