import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../api-client.ts';
import { type CallContract, pathParamNames } from '../contract.ts';
import { apiContracts } from './index.ts';

/**
 * Every call of section 7 of both spec documents (and Siteseer's maintenance calls), as written
 * there: method, path with `{param}`s, query keys, and the contract (= client method) serving it.
 */
const SPEC_CALLS: readonly (readonly [source: string, call: string, contract: string])[] = [
  ['000', 'GET admin/accounts', 'admin.accounts.list'],
  ['000', 'GET admin/account/{id}', 'admin.accounts.get'],
  ['000', 'DELETE admin/account/{id}', 'admin.accounts.delete'],
  ['000', 'POST admin/accounts', 'admin.accounts.create'],
  ['000', 'PUT admin/account/{id}', 'admin.accounts.update'],
  ['000', 'GET profile/me', 'profile.me'],
  ['000', 'GET profile/accounts', 'profile.accounts'],
  ['000', 'GET accounts', 'accounts.list'],
  ['000', 'GET account/{id}', 'accounts.get'],
  ['000', 'GET account/{id}/users', 'accounts.users.list'],
  ['000', 'PUT account/{id}', 'accounts.update'],
  ['000', 'DELETE account/{id}/user/{userId}', 'accounts.users.delete'],
  ['000', 'POST account/{id}/users', 'accounts.users.add'],
  ['000', 'PUT account/{id}/user/{userId}', 'accounts.users.updateRole'],
  ['000', 'GET account/{id}/user/check?email', 'accounts.users.check'],
  ['000', 'GET account/{id}/newApiKey', 'accounts.newApiKey'],
  ['000', 'GET searchengines?type', 'engines.list'],
  ['000', 'POST searchengines', 'engines.create'],
  ['000', 'GET searchengines/{id}?accountId', 'engines.get'],
  ['000', 'DELETE searchengines/{id}', 'engines.delete'],
  ['000', 'PUT searchengines/{id}', 'engines.update'],
  ['000', 'GET searchengines/{id}/download/{x}?accountId&version', 'engines.download'],
  ['000', 'POST searchengines/{id}/filters?accountId', 'engines.filters'],
  ['000', 'POST searchengines/synonyms/validate', 'engines.validateSynonyms'],
  ['000', 'GET clients', 'clients.list'],
  ['000', 'GET client/{id}', 'clients.get'],
  ['000', 'GET clients?engineIds', 'clients.list'],
  ['000', 'POST clients', 'clients.create'],
  ['000', 'PUT client/{id}/settings', 'clients.updateSettings'],
  ['000', 'GET client/{clientId}/{engineType}/snippet', 'clients.snippet'],
  ['000', 'GET features', 'features.list'],
  ['000', 'POST features', 'features.create'],
  ['000', 'PUT features/{_id}', 'features.update'],
  ['000', 'DELETE features/{_id}', 'features.delete'],
  ['000', 'POST datasource/crawler', 'crawler.create'],
  ['000', 'PUT datasource/crawler', 'crawler.start'],
  ['000', 'POST datasource/crawler/report', 'crawler.report'],
  ['000', 'PUT parametric/publish', 'parametric.publish'],
  ['000', 'GET parametric/download?engineId&accountId&version&importId', 'parametric.download'],
  ['000', 'POST parametric/file/import', 'parametric.importFile'],
  ['000', 'GET parametric/file/{id}/preview?lines&clientId', 'parametric.preview'],
  ['000', 'POST parametric/file/{id}', 'parametric.updateFile'],
  ['000', 'POST parametric/create', 'parametric.createAndPublish'],
  ['000', 'GET parametric/file/{id}/history', 'parametric.history'],
  ['000', 'POST parametric/config', 'parametric.saveConfig'],
  ['000', 'GET parametric/config?engineId&accountId&version&format', 'parametric.getConfig'],
  ['000', 'GET analytics/{engineId}', 'analytics.ids'],
  ['001', 'POST parametric/file/import', 'parametric.importFile'],
  ['001', 'POST parametric/file/{id}', 'parametric.updateFile'],
  ['001', 'GET parametric/file/{id}/preview?lines&clientId', 'parametric.preview'],
  ['001', 'PUT parametric/publish', 'parametric.publish'],
  ['001', 'POST parametric/create', 'parametric.createAndPublish'],
  ['001', 'POST searchengines', 'engines.create'],
  ['001', 'PUT searchengines/{id}', 'engines.update'],
  ['001', 'POST searchengines/{id}/filters?accountId', 'engines.filters'],
  ['001', 'POST searchengines/synonyms/validate', 'engines.validateSynonyms'],
  ['001', 'PUT client/{id}/settings', 'clients.updateSettings'],
  ['001', 'GET clients?engineIds', 'clients.list'],
  ['001', 'POST datasource/crawler', 'crawler.create'],
  ['001', 'PUT datasource/crawler', 'crawler.start'],
  ['001', 'POST datasource/crawler/report', 'crawler.report'],
  ['001', 'GET analytics/{engineId}', 'analytics.ids'],
  ['001', 'GET features', 'features.list'],
  ['001', 'POST features', 'features.create'],
  ['001', 'PUT features/{_id}', 'features.update'],
  ['001', 'DELETE features/{_id}', 'features.delete'],
  ['001', 'GET admin/accounts', 'admin.accounts.list'],
  ['001', 'GET admin/account/{id}', 'admin.accounts.get'],
  ['001', 'POST admin/accounts', 'admin.accounts.create'],
  ['001', 'PUT admin/account/{id}', 'admin.accounts.update'],
  ['001', 'DELETE admin/account/{id}', 'admin.accounts.delete'],
  ['001', 'GET account/{id}/users', 'accounts.users.list'],
  ['001', 'POST account/{id}/users', 'accounts.users.add'],
  ['001', 'DELETE account/{id}/user/{userId}', 'accounts.users.delete'],
  ['001', 'PUT account/{id}/user/{userId}', 'accounts.users.updateRole'],
  ['001', 'GET account/{id}/user/check?email', 'accounts.users.check'],
  ['001', 'GET account/{id}/newApiKey', 'accounts.newApiKey'],
  ['siteseer', 'GET maintenance', 'maintenance.get'],
  ['siteseer', 'PUT maintenance', 'maintenance.set'],
  ['siteseer', 'DELETE maintenance', 'maintenance.clear'],
  ['siteseer', 'POST datasource/parametric', 'datasource.createParametric'],
  ['siteseer', 'POST datasource/parametric/{id}', 'datasource.uploadParametric'],
  ['siteseer', 'POST datasource/crawler/stop', 'crawler.stop'],
  ['siteseer', 'POST datasource/crawler/publish', 'crawler.publish'],
  ['siteseer', 'POST datasource/crawler/inspect', 'crawler.inspect'],
  ['siteseer', 'GET datasource/crawler/credentials?accountId&engineId', 'crawler.credentials.list'],
  ['siteseer', 'PUT datasource/crawler/credentials', 'crawler.credentials.set'],
  ['siteseer', 'DELETE datasource/crawler/credentials', 'crawler.credentials.remove'],
  ['siteseer', 'GET datasource/crawler/capabilities', 'crawler.capabilities'],
  ['siteseer', 'GET analytics/{engineId}/report?report&period&from&to&limit', 'analytics.report'],
  ['siteseer', 'POST analytics/session', 'analytics.frameSession'],
  ['siteseer', 'DELETE analytics/session', 'analytics.endFrameSession'],
  ['siteseer', 'GET searchengines/{id}/explain?accountId&q&tab&page&pageSize', 'engines.explain'],
  ['siteseer', 'GET searchengines/{id}/page-urls?accountId&prefix&limit', 'engines.pageUrls'],
  ['siteseer', 'GET searchengines/{id}/suggestions?accountId', 'engines.suggestionSettings'],
  ['siteseer', 'PUT searchengines/{id}/suggestions', 'engines.updateSuggestionSettings'],
  ['siteseer', 'GET searchengines/{id}/alerts?accountId', 'alerts.settings'],
  ['siteseer', 'PUT searchengines/{id}/alerts', 'alerts.update'],
  ['siteseer', 'POST searchengines/{id}/alerts/test', 'alerts.test'],
  ['siteseer', 'GET searchengines/{id}/alerts/deliveries?accountId', 'alerts.deliveries'],
  ['siteseer', 'GET account/{id}/apiKey', 'accounts.apiKey'],
  ['siteseer', 'GET account/{id}/invitations', 'accounts.users.invitations'],
  ['siteseer', 'POST account/{id}/invitation/{userId}/link', 'accounts.users.invitationLink'],
  ['siteseer', 'POST account/{id}/invitation/{userId}/resend', 'accounts.users.resendInvitation'],
  ['siteseer', 'DELETE account/{id}/invitation/{userId}', 'accounts.users.revokeInvitation'],
];

/** `account/{id}/user/{userId}` and `account/:id/user/:userId` both become `account/:/user/:`. */
function pathShape(path: string): string {
  return path.replace(/\{[^}]+\}|:[A-Za-z_][A-Za-z0-9_]*/g, ':');
}

function parseSpecCall(call: string) {
  const [method = '', target = ''] = call.split(' ');
  const [path = '', query] = target.split('?');
  return { method, path, queryKeys: query ? query.split('&') : [] };
}

function queryKeys(contract: CallContract): string[] {
  return contract.query ? Object.keys((contract.query as z.ZodObject).shape) : [];
}

const byName = new Map(apiContracts.map((contract) => [contract.name, contract]));

describe('apiContracts', () => {
  it.each(SPEC_CALLS)(
    'Given spec %s call "%s", then contract %s serves it with that method, path and query',
    (_source, call, name) => {
      const spec = parseSpecCall(call);
      const contract = byName.get(name);
      expect(contract, `no contract named ${name}`).toBeDefined();
      expect(contract?.method).toBe(spec.method);
      expect(pathShape(contract?.path ?? '')).toBe(pathShape(spec.path));
      for (const key of spec.queryKeys) expect(contract ? queryKeys(contract) : []).toContain(key);
    },
  );

  it('Given all contracts, when compared with the spec lists, then each one serves a listed call', () => {
    const listed = new Set(SPEC_CALLS.map(([, , name]) => name));
    expect(apiContracts.map((contract) => contract.name).filter((name) => !listed.has(name))).toEqual([]);
  });

  it('Given all contracts, then names and method + path pairs are unique (one route each)', () => {
    const routes = apiContracts.map((contract) => `${contract.method} ${pathShape(contract.path)}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(byName.keys()).size).toBe(apiContracts.length);
  });

  it.each(apiContracts.map((contract) => [contract.name, contract] as const))(
    'Given contract %s, then its path placeholders are exactly its params keys',
    (_name, contract) => {
      const declared = contract.params ? Object.keys((contract.params as z.ZodObject).shape) : [];
      expect(pathParamNames(contract.path).sort()).toEqual(declared.sort());
    },
  );

  it('Given GET contracts, then none has a body; and multipart contracts name their file parts', () => {
    expect(apiContracts.filter((c) => c.method === 'GET' && c.body).map((c) => c.name)).toEqual([]);
    const multipart = apiContracts.filter((c) => c.bodyEncoding === 'multipart');
    expect(multipart.map((c) => [c.name, c.files?.map((file) => file.name)])).toEqual([
      ['engines.validateSynonyms', ['synonymsFile']],
      ['datasource.createParametric', ['file']],
      ['datasource.uploadParametric', ['file']],
      ['parametric.importFile', ['file']],
      ['parametric.updateFile', ['file']],
    ]);
  });

  it.each(apiContracts.map((contract) => [contract.name, contract] as const))(
    'Given contract %s, then its params, query and body convert to JSON Schema (the server route schemas)',
    (_name, contract) => {
      for (const schema of [contract.params, contract.query, contract.body]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
      }
    },
  );

  it('Given the client, then every contract name is the path of a client method', () => {
    const client = createApiClient({
      baseUrl: 'http://unused',
      fetch: () => Promise.reject(),
      getToken: () => 't',
    });
    const missing = apiContracts
      .map((contract) => contract.name)
      .filter((name) => {
        const method = name
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], client);
        return typeof method !== 'function';
      });
    expect(missing).toEqual([]);
  });
});
