import type { EngineAlerts } from './alerts/index.ts';
import type { Changes } from './changes/changes.ts';
import type { FrontierCopies } from './crawler/frontier/index.ts';
import type { UrlInspector } from './crawler/inspect/index.ts';
import type { KeywordRuntime } from './keyword/runtime/index.ts';
import type { ParametricRuntime } from './parametric/parametric-runtime.ts';
import type { SearchRecorder, VisitorIds } from './search-events/index.ts';
import type { SecretBox } from './secrets/index.ts';
import type { AnswerCaches } from './serving/answer-cache.ts';
import type { IndexMemory } from './serving/index-memory.ts';
import type { LiveClients } from './serving/live-clients.ts';
import type { PopularQueries } from './serving/suggestions/popular-queries.ts';

/**
 * What an app keeps while it runs, built by `buildApp` and closed with it (Fastify's onClose):
 * the changes it hears and announces, what public searches know of clients, the caches of what
 * searches read and answered, the parametric and keyword runtimes (their indexes within one memory
 * budget), the popular queries suggestions offer, the search recorder and the visitors' daily ids, the key of the analytics frames'
 * sessions, the crawl report's copies of frontiers, the URL inspector and the box of site sign-ins. Two apps in one process (tests) share none
 * of it. Handed to routes in their dependencies, and to the in-process crawl loop by `startServer`.
 */
export interface AppState {
  changes: Changes;
  liveClients: LiveClients;
  caches: AnswerCaches;
  /** The budget every search index of the app is held within, both kinds together. */
  indexMemory: IndexMemory;
  parametric: ParametricRuntime;
  keyword: KeywordRuntime;
  /** Each keyword client's popular queries, for its query suggestions. */
  popularQueries: PopularQueries;
  recorder: SearchRecorder;
  visitorIds: VisitorIds;
  /** Signs and checks the analytics frames' session cookies (loaded as the app starts). */
  frameKey: Buffer;
  frontierCopies: FrontierCopies;
  /** Fetches a URL on demand as the crawler would, and explains it (the crawl report's inspector). */
  inspector: UrlInspector;
  /** Seals and opens the crawler's site sign-ins (the key read or generated as the app starts). */
  secrets: SecretBox;
  /** Engine alerts: their delivery loop, the settings calls' dependencies, and the crawl's sink. */
  alerts: EngineAlerts;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's state (see AppState); set by buildApp. */
    state: AppState;
  }
}
