import { FEATURE_FLAGS } from '@siteseer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES } from '../src/services/seed.ts';
import { startWithTenants, type Tenants } from './actors.ts';
import { api } from './harness.ts';

let t: Tenants;

beforeAll(async () => {
  t = await startWithTenants();
});
afterAll(async () => {
  await t?.server.close();
});

const MISSING = '00000000-0000-4000-8000-000000000000';

function call(token: string | undefined, method: string, path: string, body?: unknown) {
  return api(t.server, token, method, path, body);
}

async function featureNamed(name: string) {
  const list = await call(t.superAdmin.token, 'GET', 'features');
  return list.body.find((f: { name: string }) => f.name === name);
}

describe('GET features', () => {
  it('given any signed-in user, when listing, then every seeded feature with _id, name, description, show_details, allowedRoles', async () => {
    for (const who of [t.superAdmin, t.ownerA, t.userA, t.ownerB]) {
      const list = await call(who.token, 'GET', 'features');
      expect(list.status).toBe(200);
      expect(list.body.map((f: { name: string }) => f.name).sort()).toEqual(
        DEFAULT_FEATURES.map((f) => f.name).sort(),
      );
    }
    const tabs = await featureNamed(FEATURE_FLAGS.KW_WIZARD_TABS);
    expect(tabs).toEqual({
      _id: expect.any(String),
      name: FEATURE_FLAGS.KW_WIZARD_TABS,
      description: expect.any(String),
      show_details: false,
      allowedRoles: ['superadmin', 'owner', 'admin', 'user'],
    });
  });

  it('given no token, when listing, then 401', async () => {
    expect((await call(undefined, 'GET', 'features')).status).toBe(401);
  });
});

describe('POST features', () => {
  it('given the super admin, when creating a feature, then it is returned with an _id and listed', async () => {
    const created = await call(t.superAdmin.token, 'POST', 'features', {
      name: 'NEW_FEATURE',
      description: 'Something new',
      allowedRoles: ['superadmin', 'owner'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      _id: expect.any(String),
      name: 'NEW_FEATURE',
      description: 'Something new',
      show_details: false,
      allowedRoles: ['superadmin', 'owner'],
    });
    expect(await featureNamed('NEW_FEATURE')).toEqual(created.body);
  });

  it('given an existing name, when creating, then 409', async () => {
    const refused = await call(t.superAdmin.token, 'POST', 'features', {
      name: FEATURE_FLAGS.KW_WIZARD_TABS,
    });
    expect(refused.status).toBe(409);
  });

  it('given an empty name or an unknown role, when creating, then 400', async () => {
    expect((await call(t.superAdmin.token, 'POST', 'features', { name: '' })).status).toBe(400);
    const badRole = await call(t.superAdmin.token, 'POST', 'features', {
      name: 'X_ROLE',
      allowedRoles: ['UNKNOWN'],
    });
    expect(badRole.status).toBe(400);
  });

  it('given an owner, when creating a feature, then 403 and it does not exist', async () => {
    const refused = await call(t.ownerA.token, 'POST', 'features', { name: 'OWNER_FEATURE' });
    expect(refused.status).toBe(403);
    expect(await featureNamed('OWNER_FEATURE')).toBeUndefined();
  });

  it('given no token, when creating, then 401', async () => {
    expect((await call(undefined, 'POST', 'features', { name: 'ANON' })).status).toBe(401);
  });
});

describe('PUT features/{_id}', () => {
  it('given the super admin, when replacing a feature’s roles, then the whole feature is stored', async () => {
    const feature = await featureNamed(FEATURE_FLAGS.ENGINE_EDIT);
    const updated = await call(t.superAdmin.token, 'PUT', `features/${feature._id}`, {
      ...feature,
      description: 'Edit, for everyone',
      show_details: true,
      allowedRoles: ['superadmin', 'owner', 'admin', 'user'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      _id: feature._id,
      name: FEATURE_FLAGS.ENGINE_EDIT,
      description: 'Edit, for everyone',
      show_details: true,
      allowedRoles: ['superadmin', 'owner', 'admin', 'user'],
    });
    expect(await featureNamed(FEATURE_FLAGS.ENGINE_EDIT)).toEqual(updated.body);
  });

  it('given the name of another feature, when renaming onto it, then 409', async () => {
    const feature = await featureNamed(FEATURE_FLAGS.ENGINE_DELETE);
    const refused = await call(t.superAdmin.token, 'PUT', `features/${feature._id}`, {
      ...feature,
      name: FEATURE_FLAGS.ENGINE_EDIT,
    });
    expect(refused.status).toBe(409);
  });

  it('given an unknown _id, when replacing, then 404', async () => {
    const refused = await call(t.superAdmin.token, 'PUT', `features/${MISSING}`, {
      _id: MISSING,
      name: 'GHOST',
    });
    expect(refused.status).toBe(404);
  });

  it('given an owner or an admin, when replacing a feature, then 403 and it is unchanged', async () => {
    const feature = await featureNamed(FEATURE_FLAGS.MAINTENANCE);
    for (const who of [t.ownerA, t.adminA]) {
      const refused = await call(who.token, 'PUT', `features/${feature._id}`, {
        ...feature,
        allowedRoles: ['owner'],
      });
      expect(refused.status).toBe(403);
    }
    expect((await featureNamed(FEATURE_FLAGS.MAINTENANCE)).allowedRoles).toEqual(['superadmin']);
  });

  it('given no token, when replacing, then 401', async () => {
    expect((await call(undefined, 'PUT', `features/${MISSING}`, { _id: MISSING, name: 'X' })).status).toBe(
      401,
    );
  });
});

describe('DELETE features/{_id}', () => {
  it('given the super admin, when deleting a feature, then it is gone, and deleting again is 404', async () => {
    const created = await call(t.superAdmin.token, 'POST', 'features', { name: 'SHORT_LIVED' });
    const deleted = await call(t.superAdmin.token, 'DELETE', `features/${created.body._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.body._id });
    expect(await featureNamed('SHORT_LIVED')).toBeUndefined();
    expect((await call(t.superAdmin.token, 'DELETE', `features/${created.body._id}`)).status).toBe(404);
  });

  it('given an owner, when deleting a feature, then 403 and it stays', async () => {
    const feature = await featureNamed(FEATURE_FLAGS.KW_WIZARD_SYNONYMS);
    expect((await call(t.ownerA.token, 'DELETE', `features/${feature._id}`)).status).toBe(403);
    expect(await featureNamed(FEATURE_FLAGS.KW_WIZARD_SYNONYMS)).toBeDefined();
  });

  it('given no token, when deleting, then 401', async () => {
    expect((await call(undefined, 'DELETE', `features/${MISSING}`)).status).toBe(401);
  });
});
