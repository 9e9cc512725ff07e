import { describe, expect, it } from 'vitest';
import { fakeApi, input, ok, testDeps } from '../../../test/fakes.ts';
import { CancelledError, UsageError } from '../../errors.ts';
import * as del from './delete.ts';
import * as list from './list.ts';
import { parseRoles } from './roles.ts';
import * as set from './set.ts';

const feature = {
  _id: 'f1',
  name: 'PM_WIZARD_SE_CONFIG',
  description: 'Step 3',
  show_details: false,
  allowedRoles: ['superadmin' as const],
};

describe('features', () => {
  it('parses role lists, with "" meaning none, and refuses unknown roles', () => {
    expect(parseRoles('owner, admin,owner')).toEqual(['owner', 'admin']);
    expect(parseRoles('')).toEqual([]);
    expect(() => parseRoles('owner,root')).toThrow(UsageError);
    expect(() => set.parse(input(['X'], {}))).toThrow(/--roles is required/);
  });

  it('given a feature, when set for owner and admin, then the whole feature is sent with the new roles', async () => {
    const api = fakeApi({
      features: { list: async () => ok([feature]), update: async (f: any) => ok(f) },
    });
    const { deps, recorded } = testDeps(api);
    await set.run(deps, set.parse(input(['PM_WIZARD_SE_CONFIG'], { roles: 'owner,admin' })));
    expect(api.features.update).toHaveBeenCalledWith({ ...feature, allowedRoles: ['owner', 'admin'] });
    expect(recorded.stderr).toContain('on for: owner, admin');
  });

  it('given no features, when listing, then the page text shows', async () => {
    const { deps, recorded } = testDeps(fakeApi({ features: { list: async () => ok([]) } }));
    await list.run(deps, {});
    expect(recorded.stderr).toContain('No Features found');
  });

  it('given no terminal and no --yes, when deleting a feature, then a usage error names --yes and nothing is deleted', async () => {
    const api = fakeApi({ features: { list: async () => ok([feature]), delete: async () => ok({}) } });
    const { deps } = testDeps(api);
    const error = await del.run(deps, del.parse(input(['PM_WIZARD_SE_CONFIG'], {}))).catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('Pass --yes to delete a feature without a terminal.');
    expect(api.features.delete).not.toHaveBeenCalled();
  });

  it('given a terminal, when deleting a feature, then no cancels and --yes deletes without asking', async () => {
    const api = fakeApi({ features: { list: async () => ok([feature]), delete: async () => ok({}) } });
    const no = testDeps(api, { interactive: true, answers: ['no'] });
    await expect(del.run(no.deps, del.parse(input(['PM_WIZARD_SE_CONFIG'], {})))).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(api.features.delete).not.toHaveBeenCalled();
    const yes = testDeps(api);
    await del.run(yes.deps, del.parse(input(['PM_WIZARD_SE_CONFIG'], { yes: true })));
    expect(api.features.delete).toHaveBeenCalledWith('f1');
    expect(yes.recorded.stderr).toContain('Deleted feature PM_WIZARD_SE_CONFIG.');
  });
});
