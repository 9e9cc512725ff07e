export { UrlInspector } from './url-inspector.ts';
