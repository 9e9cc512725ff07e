export { listSiteSignIns, removeSiteSignIn, setSiteSignIn } from './credentials-service.ts';
export { EngineCredentials, loadEngineCredentials } from './engine-credentials.ts';
