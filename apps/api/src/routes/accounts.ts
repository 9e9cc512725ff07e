import { accountContracts, adminAccountContracts, profileContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/authenticate.ts';
import * as accounts from '../services/accounts.ts';
import { profileOf, viewerAccounts } from '../services/profile.ts';
import type { UserServiceDeps } from '../services/users.ts';
import { type RouteDeps, serve } from './define.ts';

export function accountRoutes(app: FastifyInstance, deps: RouteDeps & UserServiceDeps): void {
  const { store } = deps;

  serve(app, deps, profileContracts.me, async ({ principal }) => profileOf(store, requireUser(principal)));
  serve(app, deps, profileContracts.accounts, async ({ principal }) =>
    viewerAccounts(store, requireUser(principal).viewer),
  );

  serve(app, deps, accountContracts.list, async ({ principal }) =>
    viewerAccounts(store, requireUser(principal).viewer),
  );
  serve(app, deps, accountContracts.get, async ({ principal, params }) =>
    accounts.getAccount(store, requireUser(principal).viewer, params.id),
  );
  serve(app, deps, accountContracts.update, async ({ principal, params, body }) =>
    accounts.updateAccount(store, requireUser(principal).viewer, params.id, body),
  );
  serve(app, deps, accountContracts.newApiKey, async ({ principal, params }) =>
    accounts.newApiKey(store, requireUser(principal).viewer, params.id),
  );
  serve(app, deps, accountContracts.apiKey, async ({ principal, params }) =>
    accounts.apiKeyInfo(store, requireUser(principal).viewer, params.id),
  );

  serve(app, deps, adminAccountContracts.list, async ({ principal }) =>
    accounts.listAccountsForAdmin(store, requireUser(principal).viewer),
  );
  serve(app, deps, adminAccountContracts.get, async ({ principal, params }) =>
    accounts.getAccountForAdmin(store, requireUser(principal).viewer, params.id),
  );
  serve(app, deps, adminAccountContracts.create, async ({ principal, body }) =>
    accounts.createAccount(deps, requireUser(principal).viewer, body),
  );
  serve(app, deps, adminAccountContracts.update, async ({ principal, params, body }) =>
    accounts.adminUpdateAccount(store, requireUser(principal).viewer, params.id, body),
  );
  serve(app, deps, adminAccountContracts.delete, async ({ principal, params }) =>
    accounts.deleteAccount(store, deps.state.changes, requireUser(principal).viewer, params.id),
  );
}
