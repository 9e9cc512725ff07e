import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from './api-client.ts';
import { apiContracts } from './contracts/index.ts';
import {
  jsonReply,
  type RecordedRequest,
  startTestHttpServer,
  type TestHttpServer,
} from './http-server.test-kit.ts';

const configuration = { columns: { c1: { id: 'c1', label: 'Name', position: 0, type: 'keyword' as const } } };
const feature = { _id: 'f1', name: 'KW_WIZARD_TABS', allowedRoles: ['owner' as const] };
const csv = () => new Blob(['name\nbolt\n'], { type: 'text/csv' });

/** Each client method, called as a portal screen would, and the request it must send. */
const ROUTES: readonly (readonly [
  name: string,
  invoke: (c: ApiClient) => Promise<unknown>,
  request: string,
])[] = [
  ['admin.accounts.list', (c) => c.admin.accounts.list(), 'GET /api/admin/accounts'],
  ['admin.accounts.get', (c) => c.admin.accounts.get('a1'), 'GET /api/admin/account/a1'],
  [
    'admin.accounts.create',
    (c) => c.admin.accounts.create({ name: 'Acme', products: ['pm'] }),
    'POST /api/admin/accounts',
  ],
  [
    'admin.accounts.update',
    (c) => c.admin.accounts.update('a1', { name: 'Acme' }),
    'PUT /api/admin/account/a1',
  ],
  ['admin.accounts.delete', (c) => c.admin.accounts.delete('a1'), 'DELETE /api/admin/account/a1'],
  ['accounts.list', (c) => c.accounts.list(), 'GET /api/accounts'],
  ['accounts.get', (c) => c.accounts.get('a1'), 'GET /api/account/a1'],
  ['accounts.update', (c) => c.accounts.update('a1', { products: ['kw'] }), 'PUT /api/account/a1'],
  ['accounts.newApiKey', (c) => c.accounts.newApiKey('a1'), 'GET /api/account/a1/newApiKey'],
  ['accounts.apiKey', (c) => c.accounts.apiKey('a1'), 'GET /api/account/a1/apiKey'],
  ['accounts.users.list', (c) => c.accounts.users.list('a1'), 'GET /api/account/a1/users'],
  [
    'accounts.users.invitations',
    (c) => c.accounts.users.invitations('a1'),
    'GET /api/account/a1/invitations',
  ],
  [
    'accounts.users.invitationLink',
    (c) => c.accounts.users.invitationLink('a1', 'u1'),
    'POST /api/account/a1/invitation/u1/link',
  ],
  [
    'accounts.users.resendInvitation',
    (c) => c.accounts.users.resendInvitation('a1', 'u1'),
    'POST /api/account/a1/invitation/u1/resend',
  ],
  [
    'accounts.users.revokeInvitation',
    (c) => c.accounts.users.revokeInvitation('a1', 'u1'),
    'DELETE /api/account/a1/invitation/u1',
  ],
  [
    'accounts.users.add',
    (c) => c.accounts.users.add('a1', [{ first: 'Ada', last: 'L', email: 'ada@example.com', role: 'user' }]),
    'POST /api/account/a1/users',
  ],
  [
    'accounts.users.updateRole',
    (c) => c.accounts.users.updateRole('a1', 'u1', 'owner'),
    'PUT /api/account/a1/user/u1',
  ],
  ['accounts.users.delete', (c) => c.accounts.users.delete('a1', 'u1'), 'DELETE /api/account/a1/user/u1'],
  [
    'accounts.users.check',
    (c) => c.accounts.users.check('a1', 'ada@example.com'),
    'GET /api/account/a1/user/check?email=ada%40example.com',
  ],
  ['profile.me', (c) => c.profile.me(), 'GET /api/profile/me'],
  ['profile.accounts', (c) => c.profile.accounts(), 'GET /api/profile/accounts'],
  ['features.list', (c) => c.features.list(), 'GET /api/features'],
  ['features.create', (c) => c.features.create({ name: 'MY_ACCOUNT' }), 'POST /api/features'],
  ['features.update', (c) => c.features.update(feature), 'PUT /api/features/f1'],
  ['features.delete', (c) => c.features.delete('f1'), 'DELETE /api/features/f1'],
  ['engines.list', (c) => c.engines.list({ type: 'parametric' }), 'GET /api/searchengines?type=pm'],
  [
    'engines.create',
    (c) => c.engines.create({ searchEngineType: 'kw', accountId: 'a1', searchEngineName: 'Docs search' }),
    'POST /api/searchengines',
  ],
  ['engines.get', (c) => c.engines.get('e1', { accountId: 'a1' }), 'GET /api/searchengines/e1?accountId=a1'],
  [
    'engines.update',
    (c) =>
      c.engines.update('e1', { searchEngineType: 'pm', accountId: 'a1', searchEngineName: 'Parts table' }),
    'PUT /api/searchengines/e1',
  ],
  ['engines.delete', (c) => c.engines.delete('e1', { accountId: 'a1' }), 'DELETE /api/searchengines/e1'],
  [
    'engines.download',
    (c) => c.engines.download('e1', 'xlsx', { accountId: 'a1', version: 3 }),
    'GET /api/searchengines/e1/download/xlsx?accountId=a1&version=3',
  ],
  [
    'engines.explain',
    (c) => c.engines.explain('e1', { accountId: 'a1', q: 'resistor', page: 2 }),
    'GET /api/searchengines/e1/explain?q=resistor&tab=all&page=2&pageSize=10&accountId=a1',
  ],
  [
    'engines.pageUrls',
    (c) => c.engines.pageUrls('e1', { accountId: 'a1', prefix: 'example.com/do' }),
    'GET /api/searchengines/e1/page-urls?accountId=a1&prefix=example.com%2Fdo&limit=20',
  ],
  [
    'engines.suggestionSettings',
    (c) => c.engines.suggestionSettings('e1', { accountId: 'a1' }),
    'GET /api/searchengines/e1/suggestions?accountId=a1',
  ],
  [
    'engines.updateSuggestionSettings',
    (c) => c.engines.updateSuggestionSettings('e1', { accountId: 'a1', blockedTerms: ['free'] }),
    'PUT /api/searchengines/e1/suggestions',
  ],
  [
    'engines.filters',
    (c) => c.engines.filters('e1', { accountId: 'a1' }, { appliedFilters: { category: ['docs'] } }),
    'POST /api/searchengines/e1/filters?accountId=a1',
  ],
  [
    'engines.validateSynonyms',
    (c) => c.engines.validateSynonyms({ accountId: 'a1', file: csv(), filename: 'synonyms.csv' }),
    'POST /api/searchengines/synonyms/validate',
  ],
  ['clients.list', (c) => c.clients.list(), 'GET /api/clients'],
  ['clients.list', (c) => c.clients.byEngineIds(['e1', 'e2']), 'GET /api/clients?engineIds=e1,e2'],
  ['clients.get', (c) => c.clients.get('c1'), 'GET /api/client/c1'],
  ['clients.create', (c) => c.clients.create({ accountId: 'a1', engineId: 'e1' }), 'POST /api/clients'],
  [
    'clients.updateSettings',
    (c) => c.clients.updateSettings('c1', { type: 'pm', settings: {} }),
    'PUT /api/client/c1/settings',
  ],
  ['clients.snippet', (c) => c.clients.snippet('c1', 'keyword'), 'GET /api/client/c1/kw/snippet'],
  [
    'crawler.create',
    (c) =>
      c.crawler.create({ accountId: 'a1', engineId: 'e1', urls: ['https://example.com'], recreate: true }),
    'POST /api/datasource/crawler',
  ],
  [
    'crawler.start',
    (c) => c.crawler.start({ accountId: 'a1', engineId: 'e1', site: 'https://example.com/docs' }),
    'PUT /api/datasource/crawler',
  ],
  [
    'crawler.report',
    (c) => c.crawler.report({ accountId: 'a1', engineId: 'e1' }),
    'POST /api/datasource/crawler/report',
  ],
  [
    'crawler.stop',
    (c) => c.crawler.stop({ accountId: 'a1', engineId: 'e1' }),
    'POST /api/datasource/crawler/stop',
  ],
  [
    'crawler.publish',
    (c) => c.crawler.publish({ accountId: 'a1', engineId: 'e1' }),
    'POST /api/datasource/crawler/publish',
  ],
  ['alerts.settings', (c) => c.alerts.settings('e1', 'a1'), 'GET /api/searchengines/e1/alerts?accountId=a1'],
  [
    'alerts.update',
    (c) =>
      c.alerts.update('e1', {
        accountId: 'a1',
        webhookUrl: 'https://hooks.example.com/siteseer',
        emails: ['ops@example.com'],
        errorSharePercent: 10,
        zeroResultPercent: 30,
        zeroResultMinSearches: 100,
      }),
    'PUT /api/searchengines/e1/alerts',
  ],
  ['alerts.test', (c) => c.alerts.test('e1', 'a1'), 'POST /api/searchengines/e1/alerts/test'],
  [
    'alerts.deliveries',
    (c) => c.alerts.deliveries('e1', 'a1'),
    'GET /api/searchengines/e1/alerts/deliveries?accountId=a1',
  ],
  [
    'crawler.inspect',
    (c) => c.crawler.inspect({ accountId: 'a1', engineId: 'e1', url: 'https://example.com/a' }),
    'POST /api/datasource/crawler/inspect',
  ],
  ['crawler.capabilities', (c) => c.crawler.capabilities(), 'GET /api/datasource/crawler/capabilities'],
  [
    'crawler.credentials.list',
    (c) => c.crawler.credentials.list({ accountId: 'a1', engineId: 'e1' }),
    'GET /api/datasource/crawler/credentials?accountId=a1&engineId=e1',
  ],
  [
    'crawler.credentials.set',
    (c) =>
      c.crawler.credentials.set({
        accountId: 'a1',
        engineId: 'e1',
        site: 'https://example.com/',
        signIn: { kind: 'header', name: 'Authorization', value: 'Bearer t' },
      }),
    'PUT /api/datasource/crawler/credentials',
  ],
  [
    'crawler.credentials.remove',
    (c) => c.crawler.credentials.remove({ accountId: 'a1', engineId: 'e1', site: 'https://example.com/' }),
    'DELETE /api/datasource/crawler/credentials',
  ],
  [
    'parametric.publish',
    (c) => c.parametric.publish({ version: 2, accountId: 'a1', engineId: 'e1', clientId: 'c1' }),
    'PUT /api/parametric/publish',
  ],
  [
    'parametric.download',
    (c) => c.parametric.download({ engineId: 'e1', accountId: 'a1', version: 2, importId: 'i1' }),
    'GET /api/parametric/download?engineId=e1&accountId=a1&version=2&importId=i1',
  ],
  [
    'parametric.createAndPublish',
    (c) =>
      c.parametric.createAndPublish({
        spreadsheetId: 'i1',
        engineId: 'e1',
        accountId: 'a1',
        version: 1,
        configuration,
        clientId: 'c1',
      }),
    'POST /api/parametric/create',
  ],
  [
    'parametric.saveConfig',
    (c) => c.parametric.saveConfig({ engineId: 'e1', accountId: 'a1', version: 1, configuration }),
    'POST /api/parametric/config',
  ],
  [
    'parametric.getConfig',
    (c) => c.parametric.getConfig({ engineId: 'e1', accountId: 'a1', version: 1, format: 'json' }),
    'GET /api/parametric/config?engineId=e1&accountId=a1&version=1&format=json',
  ],
  [
    'parametric.importFile',
    (c) => c.parametric.importFile({ accountId: 'a1', engineId: 'e1', file: csv(), filename: 'parts.csv' }),
    'POST /api/parametric/file/import',
  ],
  [
    'parametric.updateFile',
    (c) =>
      c.parametric.updateFile('i1', { accountId: 'a1', engineId: 'e1', file: csv(), filename: 'parts.csv' }),
    'POST /api/parametric/file/i1',
  ],
  ['parametric.preview', (c) => c.parametric.preview('i1'), 'GET /api/parametric/file/i1/preview?lines=1'],
  ['parametric.history', (c) => c.parametric.history('i1'), 'GET /api/parametric/file/i1/history'],
  ['analytics.ids', (c) => c.analytics.ids('e1'), 'GET /api/analytics/e1'],
  [
    'analytics.report',
    (c) => c.analytics.report('e1', { report: 'top-queries', period: '7d' }),
    'GET /api/analytics/e1/report?report=top-queries&period=7d&limit=20',
  ],
  ['analytics.frameSession', (c) => c.analytics.frameSession(), 'POST /api/analytics/session'],
  ['analytics.endFrameSession', (c) => c.analytics.endFrameSession(), 'DELETE /api/analytics/session'],
  ['maintenance.get', (c) => c.maintenance.get(), 'GET /api/maintenance'],
  [
    'maintenance.set',
    (c) =>
      c.maintenance.set({ message: 'Upgrade', start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z' }),
    'PUT /api/maintenance',
  ],
  ['maintenance.clear', (c) => c.maintenance.clear(), 'DELETE /api/maintenance'],
  [
    'datasource.createParametric',
    (c) =>
      c.datasource.createParametric({ searchEngineName: 'Parts list', file: csv(), filename: 'parts.csv' }),
    'POST /api/datasource/parametric',
  ],
  [
    'datasource.uploadParametric',
    (c) => c.datasource.uploadParametric('e1', { publish: 'false', file: csv(), filename: 'parts.csv' }),
    'POST /api/datasource/parametric/e1',
  ],
];

/** What a server does with a request: match the contract's route and validate params, query and JSON body. */
function validateAsServer(name: string, request: RecordedRequest): void {
  const contract = apiContracts.find((c) => c.name === name);
  if (!contract) throw new Error(`no contract ${name}`);
  const url = new URL(request.url, 'http://server');
  const pattern = new RegExp(`^/api/${contract.path.replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)')}$`);
  const match = pattern.exec(url.pathname);
  expect(match, `${url.pathname} does not match ${contract.path}`).not.toBeNull();
  const params = Object.fromEntries(
    Object.entries(match?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
  );
  if (contract.params) contract.params.parse(params);
  if (contract.query) contract.query.parse(Object.fromEntries(url.searchParams));
  if (contract.body && contract.bodyEncoding !== 'multipart') {
    contract.body.parse(JSON.parse(new TextDecoder().decode(request.body)));
  }
}

let server: TestHttpServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestHttpServer();
  server.answer(() => jsonReply(404, { title: 'Not Found' }));
  client = createApiClient({ baseUrl: server.baseUrl, fetch: globalThis.fetch, getToken: () => 't' });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('ApiClient methods', () => {
  it.each(ROUTES)(
    'Given client method for %s, when called, then it sends the contract request',
    async (name, invoke, expected) => {
      const res = await invoke(client);
      expect(res).toMatchObject({ ok: false, status: 404 });
      const request = server.requests[0];
      expect(request && `${request.method} ${request.url}`).toBe(expected);
      if (request) validateAsServer(name, request);
    },
  );

  it('Given the route table, then it exercises every contract', () => {
    const exercised = new Set(ROUTES.map(([name]) => name));
    expect(apiContracts.map((contract) => contract.name).filter((name) => !exercised.has(name))).toEqual([]);
  });
});
