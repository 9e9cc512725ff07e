import { accountUserContracts } from '@siteseer/core';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/authenticate.ts';
import * as invitations from '../services/invitations.ts';
import * as users from '../services/users.ts';
import { type RouteDeps, serve } from './define.ts';

export function userRoutes(app: FastifyInstance, deps: RouteDeps & users.UserServiceDeps): void {
  const { store } = deps;
  serve(app, deps, accountUserContracts.list, async ({ principal, params }) =>
    users.listUsers(store, requireUser(principal).viewer, params.id),
  );
  serve(app, deps, accountUserContracts.add, async ({ principal, params, body }) =>
    users.addUsers(deps, requireUser(principal).viewer, params.id, body.users),
  );
  serve(app, deps, accountUserContracts.updateRole, async ({ principal, params, body }) =>
    users.changeRole(store, requireUser(principal).viewer, params.id, params.userId, body.role),
  );
  serve(app, deps, accountUserContracts.delete, async ({ principal, params }) =>
    users.removeUser(store, requireUser(principal).viewer, params.id, params.userId),
  );
  serve(app, deps, accountUserContracts.check, async ({ principal, params, query, reply }) => {
    const result = await users.checkUser(deps, requireUser(principal).viewer, params.id, query.email);
    return result ?? reply.status(204).send();
  });
  serve(app, deps, accountUserContracts.invitations, async ({ principal, params }) =>
    invitations.listInvitations(deps, requireUser(principal).viewer, params.id),
  );
  serve(app, deps, accountUserContracts.invitationLink, async ({ principal, params }) =>
    invitations.copyInvitationLink(deps, requireUser(principal).viewer, params.id, params.userId),
  );
  serve(app, deps, accountUserContracts.resendInvitation, async ({ principal, params }) =>
    invitations.resendInvitation(deps, requireUser(principal).viewer, params.id, params.userId),
  );
  serve(app, deps, accountUserContracts.revokeInvitation, async ({ principal, params }) =>
    invitations.revokeInvitation(deps, requireUser(principal).viewer, params.id, params.userId),
  );
}
