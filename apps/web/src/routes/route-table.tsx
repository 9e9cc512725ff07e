import type { RouteObject } from 'react-router';
import { Loading } from '../shell/loading.tsx';
import type { RouteHandle } from '../shell/page-title.ts';
import { RootLayout } from '../shell/root-layout.tsx';
import type { Services } from '../shell/services.tsx';
import { dashboardLoader } from './dashboard/dashboard-loader.ts';
import { RouteErrorBoundary } from './error/route-error-boundary.tsx';
import { lazyScreen } from './lazy-route.ts';
import { protectedLoader } from './protected-loader.ts';

const handle = (name: string, title: string): RouteHandle => ({ name, title });

// One chunk per screen: the first paint loads the screen it lands on only. The signed-in layout is
// one too: it loads while the protected loader checks the session, and /login never needs it.
const screens = {
  shell: lazyScreen('shell', async () => ({ Component: (await import('../shell/app-shell.tsx')).AppShell })),
  login: lazyScreen('login', () => import('./login/login-screen.tsx')),
  authCallback: lazyScreen('auth-callback', () => import('./auth-callback/auth-callback-screen.tsx')),
  logout: lazyScreen('logout', () => import('./logout/logout-screen.tsx')),
  error: lazyScreen('error', () => import('./error/error-screen.tsx')),
  notFound: lazyScreen('not-found', () => import('./error/not-found-screen.tsx')),
  dashboard: lazyScreen('dashboard', () => import('./dashboard/dashboard-screen.tsx')),
  install: lazyScreen('install', () => import('./install/install-screen.tsx')),
  comingSoon: lazyScreen('coming-soon', () => import('./coming-soon/coming-soon-screen.tsx')),
  admin: lazyScreen('admin', () => import('./admin/admin-screen.tsx')),
  adminIndex: lazyScreen('admin-index', () => import('./admin/admin-index-screen.tsx')),
  adminAccounts: lazyScreen('admin-accounts', () => import('./admin/account-list-screen.tsx')),
  adminAccount: lazyScreen('admin-account', () => import('./admin/account-screen.tsx')),
  myAccount: lazyScreen('my-account', () => import('./account/my-account-screen.tsx')),
  features: lazyScreen('features', () => import('./features/features-screen.tsx')),
  publishEngine: lazyScreen('publish-engine', () => import('./publish-engine/publish-engine-screen.tsx')),
  analytics: lazyScreen('analytics', () => import('./analytics/analytics-screen.tsx')),
  parametricWizard: lazyScreen('parametric-wizard', () => import('./parametric-wizard/wizard-screen.tsx')),
  crawlReport: lazyScreen('crawl-report', () => import('./crawl-report/crawl-report-screen.tsx')),
  engineAlerts: lazyScreen('engine-alerts', () => import('./engine-alerts/engine-alerts-screen.tsx')),
  documentation: lazyScreen('documentation', () => import('./documentation/documentation-screen.tsx')),
  document: lazyScreen('document', () => import('./documentation/document-screen.tsx')),
  keywordWizard: lazyScreen('keyword-wizard', () => import('./keyword-wizard/wizard-screen.tsx')),
};

/** Every route of the spec (section 2 of both documents), by name and path. */
export function createRoutes(services: Services): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      // Shown while the first screen's loader runs (session check, profile).
      HydrateFallback: Loading,
      children: [
        { path: 'login', handle: handle('login', 'Login'), lazy: screens.login },
        { path: 'auth/callback', handle: handle('auth-callback', 'Signing in'), lazy: screens.authCallback },
        { path: 'logout', handle: handle('logout', 'Logging out'), lazy: screens.logout },
        { path: 'error', handle: handle('error', 'Error'), lazy: screens.error },
        {
          id: 'protected',
          loader: protectedLoader(services),
          // The spec refreshes the token and checks the session on every navigation.
          shouldRevalidate: () => true,
          lazy: screens.shell,
          ErrorBoundary: RouteErrorBoundary,
          children: [
            {
              index: true,
              handle: handle('home', 'Your Search Engines'),
              loader: dashboardLoader(services),
              lazy: screens.dashboard,
            },
            {
              path: 'engine/parametric/create',
              handle: handle('wizard-create-parametric', 'Create Parametric Search Engine'),
              // The screen only: the module's editLoader belongs to the edit route.
              lazy: async () => ({ Component: (await screens.parametricWizard()).Component }),
            },
            {
              path: 'engine/parametric/:engineId/edit',
              handle: handle('wizard-edit-parametric', 'Edit Parametric Search Engine'),
              // The engine, its configuration and first rows load with the screen, before it shows.
              lazy: async () => {
                const { Component, editLoader } = await screens.parametricWizard();
                return { Component, loader: editLoader(services) };
              },
            },
            {
              path: 'engine/keyword/create',
              handle: handle('keyword-wizard-create', 'Keyword Creation Wizard'),
              lazy: async () => ({ Component: (await screens.keywordWizard()).Component }),
            },
            {
              path: 'engine/keyword/:engineId/edit',
              handle: handle('keyword-wizard-edit', 'Keyword Edit Wizard'),
              // The engine and its client's settings load with the screen, before it shows.
              lazy: async () => {
                const { Component, editLoader } = await screens.keywordWizard();
                return { Component, loader: editLoader(services) };
              },
            },
            {
              path: 'keywordcrawlreport/:accountId/:engineId',
              handle: handle('keywordcrawlreport', 'Crawl Report'),
              lazy: screens.crawlReport,
            },
            {
              path: 'engine/:engineId/alerts',
              handle: handle('engine-alerts', 'Alerts'),
              lazy: screens.engineAlerts,
            },
            {
              path: 'engine/:engineId/analytics',
              handle: handle('analytics', 'Analytics'),
              lazy: screens.analytics,
            },
            {
              path: 'engine/:engineId/preview',
              handle: handle('preview', 'Preview'),
              lazy: screens.comingSoon,
            },
            // The spec's path is /engine/{engineId}/install/; without an engine id it asks to pick one.
            {
              path: 'engine/:engineId?/install',
              handle: handle('install', 'Install Search'),
              lazy: screens.install,
            },
            {
              path: 'engine/:engineId/publish',
              handle: handle('publish-engine', 'Publish Versions'),
              lazy: screens.publishEngine,
            },
            {
              path: 'report/:accountId/:searchEngineName',
              handle: handle('report', 'Feedback Report'),
              lazy: screens.comingSoon,
            },
            { path: 'account/:action', handle: handle('my-account', 'My Account'), lazy: screens.myAccount },
            {
              path: 'admin',
              handle: handle('admin-utils', 'Administration'),
              lazy: screens.admin,
              children: [
                { index: true, lazy: screens.adminIndex },
                {
                  path: 'accounts',
                  handle: handle('admin-accounts', 'Accounts'),
                  lazy: screens.adminAccounts,
                },
                {
                  path: 'account/create',
                  handle: handle('admin-create-account', 'Create Account'),
                  lazy: screens.adminAccount,
                },
                {
                  path: 'account/:accountId/:action',
                  handle: handle('admin-edit-account', 'Account'),
                  lazy: screens.adminAccount,
                },
                { path: '*', handle: handle('error', 'Error'), lazy: screens.notFound },
              ],
            },
            {
              path: 'features',
              handle: handle('feature-toggle', 'Toggle Features'),
              lazy: screens.features,
            },
            {
              path: 'documentation',
              handle: handle('documentation', 'Documentation'),
              lazy: screens.documentation,
            },
            {
              path: 'documentation/:group/:docId',
              handle: handle('document', 'Documentation'),
              lazy: screens.document,
            },
          ],
        },
        { path: '*', handle: handle('error', 'Error'), lazy: screens.notFound },
      ],
    },
  ];
}
