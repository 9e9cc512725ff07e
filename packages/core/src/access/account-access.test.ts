import { describe, expect, it } from 'vitest';
import {
  canChangeAccountProducts,
  canDownloadEngineFile,
  canEditAccount,
  canGenerateApiKey,
  canManageAccounts,
  canManageAccountUsers,
  canManageFeatures,
  canReadAccountEngines,
  canWriteAccountEngines,
} from './account-access.ts';
import type { PersonaName } from './personas.test-kit.ts';
import { ACCOUNT, OTHER_ACCOUNT, PERSONAS } from './personas.test-kit.ts';

type Row = {
  persona: PersonaName;
  engines: boolean;
  users: boolean;
  apiKey: boolean;
  download: boolean;
  global: boolean;
};

describe('questions the API asks of an account', () => {
  it.each<Row>([
    { persona: 'superadmin', engines: true, users: true, apiKey: true, download: true, global: true },
    { persona: 'owner', engines: true, users: true, apiKey: true, download: true, global: false },
    { persona: 'admin', engines: true, users: true, apiKey: true, download: true, global: false },
    { persona: 'user', engines: true, users: false, apiKey: false, download: false, global: false },
    { persona: 'unknown', engines: false, users: false, apiKey: false, download: false, global: false },
    { persona: 'other', engines: false, users: false, apiKey: false, download: false, global: false },
  ])(
    'Given the $persona viewer and account acc-1, When asking, Then engines $engines, users $users, API key $apiKey, download $download, global $global',
    ({ persona, engines, users, apiKey, download, global }) => {
      const viewer = PERSONAS[persona];
      const engine = { accountId: ACCOUNT, searchEngineType: 'pm' as const };
      expect({
        read: canReadAccountEngines(viewer, ACCOUNT),
        write: canWriteAccountEngines(viewer, ACCOUNT),
        users: canManageAccountUsers(viewer, ACCOUNT),
        apiKey: canGenerateApiKey(viewer, ACCOUNT),
        edit: canEditAccount(viewer, ACCOUNT),
        products: canChangeAccountProducts(viewer),
        download: canDownloadEngineFile(viewer, engine),
        accounts: canManageAccounts(viewer),
        features: canManageFeatures(viewer),
      }).toEqual({
        read: engines,
        write: engines,
        users,
        apiKey,
        // Editing an account's name is the users rule; its products are the super admin's alone.
        edit: users,
        products: global,
        download,
        accounts: global,
        features: global,
      });
    },
  );

  it('Given the owner of another account, When asking about their own account, Then engines, users, API key and download are allowed', () => {
    const viewer = PERSONAS.other;
    expect(canReadAccountEngines(viewer, OTHER_ACCOUNT)).toBe(true);
    expect(canManageAccountUsers(viewer, OTHER_ACCOUNT)).toBe(true);
    expect(canGenerateApiKey(viewer, OTHER_ACCOUNT)).toBe(true);
    expect(canDownloadEngineFile(viewer, { accountId: OTHER_ACCOUNT, searchEngineType: 'pm' })).toBe(true);
  });

  it.each<PersonaName>(['superadmin', 'owner', 'admin'])(
    'Given the %s viewer and a keyword engine, When asking to download its file, Then it is refused (parametric only)',
    (persona) => {
      expect(canDownloadEngineFile(PERSONAS[persona], { accountId: ACCOUNT, searchEngineType: 'kw' })).toBe(
        false,
      );
    },
  );
});
