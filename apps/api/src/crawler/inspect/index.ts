export { INSPECTIONS_PER_MINUTE } from './inspection-limit.ts';
export { UrlInspector } from './url-inspector.ts';
