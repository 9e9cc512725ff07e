// The layers of the workspace, checked in CI by `pnpm lint:layers` (ADR 0038). Today's violations are
// recorded in .dependency-cruiser-known-violations.json, so only a new one fails the check; rewrite
// that file with `pnpm lint:layers:baseline` only after removing a violation, never to hide a new one.

/** The API's source folder: the floors below are paths inside it. */
const API = '^apps/api/src/';
/** The API's feature folders: one per engine kind or concern, above the repositories. */
const FEATURES = '(alerts|crawler|keyword|parametric|analytics|search-events|identity|auth|access|serving)';
/**
 * Tests and their helpers (`test/` folders, `*.test-kit.ts` beside the code) are not cruised: the
 * layers are about what ships, a suite may reach across floors to set a case up, and the API's
 * suites import @siteseer/test-support, which imports the API (a dev-only cycle, ADR 0012). Tests' own boundaries are checked by
 * packages/test-support/src/workspace-boundaries.test.ts and Biome.
 */
const TESTS =
  '\\.test(-kit)?\\.tsx?$|(^|/)(test|e2e)/|/vitest\\.config\\.ts$|/vitest\\.alone\\.config\\.ts$|/vite\\.config\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'api-store-is-the-floor',
      comment:
        'The store (query, transaction, bulk copy on PGlite or PostgreSQL) is the bottom floor: it ' +
        'knows no repository, service, route or feature, so either database can sit under all of them.',
      severity: 'error',
      from: { path: `${API}store/` },
      to: { path: `${API}(repositories|services|routes|${FEATURES})/` },
    },
    {
      name: 'api-repositories-below-services',
      comment:
        'Repositories hold the SQL and answer in domain terms; services and routes call them, never ' +
        'the other way round, so a repository stays usable from a worker or a script without HTTP.',
      severity: 'error',
      from: { path: `${API}repositories/` },
      to: { path: `${API}(services|routes)/` },
    },
    {
      name: 'api-services-below-routes',
      comment:
        'Routes are thin handlers that validate and call services: a service that imports a route ' +
        'ties the logic to one HTTP surface.',
      severity: 'error',
      from: { path: `${API}services/` },
      to: { path: `${API}routes/` },
    },
    {
      name: 'api-features-below-routes',
      comment:
        'Feature folders (crawler, keyword, parametric, analytics, search events, identity, auth, ' +
        'access, the serving wing) run without HTTP routes: the crawl worker and the tests use them ' +
        'alone, so they import no route.',
      severity: 'error',
      from: { path: `${API}${FEATURES}/` },
      to: { path: `${API}routes/` },
    },
    {
      name: 'api-root-modules-below-features',
      comment:
        'The modules at the root of apps/api/src other than its entry points and the app state (config, errors, clock, ' +
        'problem, ...) are shared by every floor. One that imports a feature, service or route closes ' +
        'a loop the folder-cycle rule cannot see (a folder contains its subfolders), e.g. config → ' +
        'crawler → auth → config.',
      severity: 'error',
      from: { path: `${API}[^/]+$`, pathNot: `${API}(app|app-state|server|main|crawl-worker)\\.ts$` },
      to: { path: `${API}(routes|services|repositories|${FEATURES})/` },
    },
    {
      name: 'parametric-not-keyword',
      comment:
        'The two engine kinds share the serving wing (apps/api/src/serving/), never each other: a ' +
        'piece both need moves into the wing first, so neither kind breaks when the other changes.',
      severity: 'error',
      from: { path: `${API}parametric/` },
      to: { path: `${API}keyword/` },
    },
    {
      name: 'keyword-not-parametric',
      comment: 'The same wall from the other side: keyword reaches parametric only through the serving wing.',
      severity: 'error',
      from: { path: `${API}keyword/` },
      to: { path: `${API}parametric/` },
    },
    {
      name: 'no-file-cycles',
      comment:
        'A cycle of modules has no order in which it can be read, tested or loaded alone, and it ' +
        'makes import order decide what is initialised.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'Two folders that import each other are one module in two places: the layers only mean ' +
        'something if dependencies between folders point one way.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-app-imports-another-app',
      comment:
        'Apps are deployed and tested on their own; what two apps share lives in packages/core, and ' +
        'what suites share in packages/test-support.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-import-no-app',
      comment:
        '@siteseer/core and @siteseer/widget run in browsers and in every app: dependencies point ' +
        'inward only, so no shared package depends on an app.',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/test-support/' },
      to: { path: '^apps/' },
    },
    {
      name: 'core-imports-no-package',
      comment: '@siteseer/core is the centre: it depends on nothing of ours.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^(apps|packages|scripts)/', pathNot: '^packages/core/' },
    },
    {
      name: 'test-support-through-app-exports',
      comment:
        '@siteseer/test-support reaches the API only through the exports map of ' +
        "apps/api/package.json ('@siteseer/api/...'), which keeps the surface tests rely on in one " +
        'visible place; a relative path into an app bypasses it.',
      severity: 'error',
      from: { path: '^packages/test-support/' },
      to: { path: '^apps/', dependencyTypes: ['local'] },
    },
    {
      name: 'scripts-import-no-app',
      comment: 'Scripts and the bench start the API through @siteseer/test-support, like the suites do.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    includeOnly: '^(apps|packages|scripts)/',
    exclude: { path: [TESTS, '(^|/)(node_modules|dist|coverage|\\.data)/'] },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a layer that needs another's types depends on it all the same.
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their node_modules links to their real sources, and through
    // their exports maps; './x.ts' specifiers (Node's type stripping) resolve as written.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
